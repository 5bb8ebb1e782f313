import { and, eq, gte, sql } from 'drizzle-orm';
import { ErrorKey } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { aiUsage } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

/** The daily limits (config AI_QUOTA_*): 0 switches the assistant off for that side. */
export interface AiLimits {
  userRequests: number;
  userTokens: number;
  clientRequests: number;
  clientTokens: number;
}

export interface Used {
  requests: number;
  tokens: number;
}

/** The start of the UTC day `now` is in, and the next one (when the quotas reset). */
export function utcDay(now = new Date()): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, next: new Date(start.getTime() + 86_400_000) };
}

/** Tokens of a text when the provider counted none (a cut stream): about four characters each. */
export const estimateTokens = (chars: number): number => Math.ceil(chars / 4);

/**
 * Requests and tokens per user and per client (the tenant) and UTC day, counted from `ai_usage`.
 * A request counts from its start (a `running` row, so requests at the same moment count each
 * other); a failed one counts only for what it used (its tokens; none: not at all).
 */
export function aiUsageService(db: Db, limits: AiLimits) {
  const counted = sql`(${aiUsage.status} <> 'failed' or ${aiUsage.promptTokens} + ${aiUsage.completionTokens} > 0)`;
  const usedSince = async (column: typeof aiUsage.userId | typeof aiUsage.clientId, id: number, since: Date): Promise<Used> => {
    const [row] = await db
      .select({
        requests: sql<number>`count(*) filter (where ${counted})::int`,
        tokens: sql<number>`coalesce(sum(${aiUsage.promptTokens} + ${aiUsage.completionTokens}), 0)::int`,
      })
      .from(aiUsage)
      .where(and(eq(column, id), gte(aiUsage.createdAt, since)));
    return { requests: row?.requests ?? 0, tokens: row?.tokens ?? 0 };
  };

  return {
    limits,

    /** Today's use of the user and of the business. */
    async today(userId: number, clientId: number, now = new Date()) {
      const { start, next } = utcDay(now);
      const [user, client] = await Promise.all([usedSince(aiUsage.userId, userId, start), usedSince(aiUsage.clientId, clientId, start)]);
      return { user, client, resetsAt: next };
    },

    /**
     * Starts a request: its row first, then today's counts with it; over a limit → the row goes and
     * 429 `error.ai.quota` with Retry-After until the next UTC day. Answers the row's id.
     */
    async start(userId: number, clientId: number, model: string, now = new Date()): Promise<number> {
      const [row] = await db.insert(aiUsage).values({ userId, clientId, model }).returning({ id: aiUsage.id });
      const { user, client, resetsAt } = await this.today(userId, clientId, now);
      const over =
        user.requests > limits.userRequests ||
        client.requests > limits.clientRequests ||
        user.tokens >= limits.userTokens ||
        client.tokens >= limits.clientTokens;
      if (over) {
        await db.delete(aiUsage).where(eq(aiUsage.id, row.id));
        throw new AppError(ErrorKey.aiQuota, 429, undefined, Math.ceil((resetsAt.getTime() - now.getTime()) / 1000));
      }
      return row.id;
    },

    /** Ends a request with what it used. */
    async finish(
      id: number,
      status: 'ok' | 'failed',
      usage: { promptTokens: number; completionTokens: number },
      durationMs: number,
    ): Promise<void> {
      await db
        .update(aiUsage)
        .set({ status, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, durationMs: Math.round(durationMs) })
        .where(eq(aiUsage.id, id));
    },
  };
}
export type AiUsageService = ReturnType<typeof aiUsageService>;
