import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

/** Who did it, as the log keeps it: id, e-mail and client as they were (the entry outlives the account). A route's `req.user` is one. */
export interface AuditActor {
  id: number;
  email: string;
  clientId: number;
}

export interface AuditEntry {
  /** `<area>.<verb>`: `user.lock`, `report.decide`, `securityrole.update`, … */
  action: string;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/**
 * Writes one entry of an action that was done, inside the action's own transaction: the entry and
 * the change commit together or not at all (ARCHITECTURE: every admin and role change is audited).
 */
export async function recordAudit(tx: Db, actor: AuditActor | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    clientId: actor?.clientId ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    outcome: 'done',
  });
}

/** The key of an error answer's JSON body, if it has one. */
function errorKeyOf(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 4096) return null;
  try {
    const key = (JSON.parse(payload) as { key?: unknown }).key;
    return typeof key === 'string' ? key : null;
  } catch {
    return null;
  }
}

/**
 * The refusals: a logged-in caller's request to a route that needs a permission, answered 4xx
 * (permission missing, another client's user, the last administrator, content gone, bad input),
 * becomes an entry with outcome `refused` and the error key. Anonymous 401s are not actions of
 * anyone and are not logged. The entry is written before the answer leaves; a failure to write it
 * is logged and does not change the answer.
 */
export const auditRefusalsPlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.addHook('onSend', async (req, reply, payload) => {
      const permission = req.routeOptions.config?.permission;
      const user = req.user;
      if (!permission || !user || reply.statusCode < 400 || reply.statusCode >= 500) return payload;
      try {
        await db.insert(auditLog).values({
          actorId: user.id,
          actorEmail: user.email,
          clientId: user.clientId,
          action: `${req.method} ${req.routeOptions.url}`,
          targetType: 'route',
          targetId: req.url.length > 500 ? req.url.slice(0, 500) : req.url,
          outcome: 'refused',
          errorKey: errorKeyOf(payload) ?? String(reply.statusCode),
        });
      } catch (err) {
        req.log.error({ err }, 'the audit log did not take a refusal');
      }
      return payload;
    });
  },
  { name: 'audit-refusals', dependencies: ['auth'] },
);
