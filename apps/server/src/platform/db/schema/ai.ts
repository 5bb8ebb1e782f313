import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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

/** The texts a translation run works on: field → text (an overlay's title, rich text and button labels; a widget's title and intro). */
export type AiFields = Record<string, string>;

/** What the review checks of one draft (modules/ai/translations.service.ts). */
export interface AiDraftChecks {
  length: { ok: boolean; chars: number; max: number };
  protected: { ok: boolean; missing: string[] };
  language: { ok: boolean; detected: string | null };
}

/**
 * "Translate to all languages" (modules/ai): one run per click, of an overlay's or a widget's
 * text in one language, into the business's other languages. The source is kept as it was.
 */
export const aiTranslationRuns = pgTable(
  'ai_translation_runs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /** `overlay` or `widget`. */
    kind: text('kind').notNull(),
    targetId: integer('target_id').notNull(),
    sourceLanguage: text('source_language').notNull(),
    source: jsonb('source').$type<AiFields>().notNull(),
    /** The overlay's format (its length budget); null for a widget. */
    format: text('format'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ai_translation_runs_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * One language of a run, worked by one job: `queued`, `running`, `done` (a draft to review),
 * `failed` (its error key; retried alone), `published`, `discarded`. An overlay's draft is also
 * the language's draft in the overlay; the one it replaced is kept to restore on discard.
 */
export const aiTranslationItems = pgTable(
  'ai_translation_items',
  {
    runId: integer('run_id')
      .notNull()
      .references(() => aiTranslationRuns.id, { onDelete: 'cascade' }),
    language: text('language').notNull(),
    status: text('status').notNull().default('queued'),
    draft: jsonb('draft').$type<AiFields>(),
    checks: jsonb('checks').$type<AiDraftChecks>(),
    /** The overlay language's draft before this one (null: the language had none). */
    previous: jsonb('previous'),
    hadPrevious: boolean('had_previous').notNull().default(false),
    errorKey: text('error_key'),
    attempts: integer('attempts').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.language] })],
);
