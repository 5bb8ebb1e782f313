import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clients, users } from './accounts.ts';

/**
 * One completion of the AI content assistant (modules/ai): who asked, for which business, the
 * model, the tokens and the time it took; never the prompt or the answer. The daily quotas count
 * these rows: `running` while it runs (so concurrent requests count), then `ok` or `failed` with
 * the tokens actually used.
 */
export const aiUsage = pgTable(
  'ai_usage',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    status: text('status').notNull().default('running'),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    durationMs: integer('duration_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_usage_user_day_idx').on(t.userId, t.createdAt), index('ai_usage_client_day_idx').on(t.clientId, t.createdAt)],
);
