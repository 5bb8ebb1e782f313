import { z } from 'zod';
import { FormError, text } from './common.ts';
import { APP_LANGUAGES } from './constants.ts';

/**
 * The AI content assistant (SPEC §1 AI content assistant, flag `aiassistantactivated`; §7 "POST
 * /api/openai/completion with model (default gpt-3.5-turbo) and messages [{role:user, content}]").
 * Any OpenAI-compatible server (server integrations/ai; modules/ai/README.md).
 *
 * - POST /api/openai/completion   AiCompletionRequestSchema → AiCompletionSchema, or with
 *   `stream: true` (or `Accept: text/event-stream`) server-sent events: `data: {"delta":"…"}` per
 *   piece of text, then `event: done` `data: AiCompletionSchema`, or `event: error` `data: {key}`.
 * - GET  /api/openai/status       → AiStatusSchema (configured, models, today's quota)
 */

export const AI_ROLES = ['system', 'user', 'assistant'] as const;
export type AiRole = (typeof AI_ROLES)[number];
/** Messages per request. */
export const AI_MESSAGES_MAX = 50;
/** Characters of one message (the whole prompt has its own, configured limit: AI_MAX_PROMPT_CHARS). */
export const AI_MESSAGE_MAX = 50_000;

export const AiMessageSchema = z.strictObject({
  role: z.enum(AI_ROLES, { error: FormError.invalid }),
  content: text(AI_MESSAGE_MAX).refine((s) => s.trim().length > 0, { error: FormError.required }),
});
export type AiMessage = z.infer<typeof AiMessageSchema>;

export const AiCompletionRequestSchema = z.strictObject({
  /** One of the server's models (AI_MODELS); its default (AI_MODEL) when left out. */
  model: z.string().min(1).max(100).optional(),
  messages: z.array(AiMessageSchema).min(1, { error: FormError.required }).max(AI_MESSAGES_MAX, { error: FormError.maxlength }),
  /** Server-sent events instead of one JSON answer. */
  stream: z.boolean().optional(),
});
export type AiCompletionRequest = z.infer<typeof AiCompletionRequestSchema>;

export const AiUsageSchema = z.object({
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  totalTokens: z.number().int(),
});

export const AiCompletionSchema = z.object({
  model: z.string(),
  content: z.string(),
  /** The provider's reason: `stop`, `length` (cut at AI_MAX_TOKENS) … */
  finishReason: z.string().nullable(),
  usage: AiUsageSchema,
});
export type AiCompletion = z.infer<typeof AiCompletionSchema>;

const QuotaSchema = z.object({ used: z.number().int(), limit: z.number().int() });

export const AiStatusSchema = z.object({
  /** False: no AI_BASE_URL (the page explains how to set it up; completions answer 503). */
  configured: z.boolean(),
  /** The default model and those a request may name. */
  model: z.string(),
  models: z.array(z.string()),
  /** Today's use (UTC day) of the caller and of the caller's client (the tenant, all its users), and when it resets. */
  quota: z.object({
    requests: QuotaSchema,
    tokens: QuotaSchema,
    clientRequests: QuotaSchema,
    clientTokens: QuotaSchema,
    resetsAt: z.string(),
  }),
});
export type AiStatus = z.infer<typeof AiStatusSchema>;

/**
 * "Translate to all languages" (issue 20): an overlay's or a widget's text in one language into
 * every other language the business (overlay) or the widget offers, one job per language. Drafts
 * only: nothing is published until the business publishes a language from the review.
 *
 * - POST /api/openai/translations                         AiTranslateStartSchema → AiTranslationRunSchema
 * - GET  /api/openai/translations/{id}                    → AiTranslationRunSchema (progress per language)
 * - POST /api/openai/translations/{id}/retry?language     → AiTranslationRunSchema (a failed language again, alone)
 * - POST /api/openai/translations/{id}/publish?language   → AiTranslationRunSchema (the reviewed draft goes live)
 * - POST /api/openai/translations/{id}/discard?language   → AiTranslationRunSchema (an overlay gets its earlier draft back)
 */
export const AI_TRANSLATION_KINDS = ['overlay', 'widget'] as const;
export const AI_TRANSLATION_STATES = ['queued', 'running', 'done', 'failed', 'published', 'discarded'] as const;
export type AiTranslationState = (typeof AI_TRANSLATION_STATES)[number];

const positiveId = z.number({ error: FormError.required }).int().positive().max(2_147_483_647);
const appLanguage = z.enum(APP_LANGUAGES, { error: FormError.invalid });

export const AiTranslateStartSchema = z.strictObject({
  kind: z.enum(AI_TRANSLATION_KINDS, { error: FormError.invalid }),
  id: positiveId,
  /** The language translated from (it must have text). */
  from: appLanguage,
  /** Only these targets; all the others offered when left out. */
  to: z.array(appLanguage).min(1).max(APP_LANGUAGES.length).optional(),
});
export type AiTranslateStart = z.infer<typeof AiTranslateStartSchema>;

export const AiTranslationLanguageQuerySchema = z.object({ language: appLanguage });

export const AiDraftChecksSchema = z.object({
  /** The visible text's characters against the format's budget (a bar is short) and each field's maximum. */
  length: z.object({ ok: z.boolean(), chars: z.number().int(), max: z.number().int() }),
  /** Links, e-mail addresses, phone numbers, prices and place names of the source the draft changed or dropped. */
  protected: z.object({ ok: z.boolean(), missing: z.array(z.string()) }),
  /** The language the draft reads as (null: too short to tell); ok when it is the target's. */
  language: z.object({ ok: z.boolean(), detected: z.string().nullable() }),
});
export type AiDraftChecks = z.infer<typeof AiDraftChecksSchema>;

export const AiTranslationItemSchema = z.object({
  language: z.string(),
  status: z.enum(AI_TRANSLATION_STATES),
  /** Field → translated text (the same fields as the source); null until done. */
  draft: z.record(z.string(), z.string()).nullable(),
  checks: AiDraftChecksSchema.nullable(),
  errorKey: z.string().nullable(),
  attempts: z.number().int(),
  updatedAt: z.string(),
});
export type AiTranslationItem = z.infer<typeof AiTranslationItemSchema>;

export const AiTranslationRunSchema = z.object({
  id: z.number().int(),
  kind: z.enum(AI_TRANSLATION_KINDS),
  targetId: z.number().int(),
  /** The overlay's or widget's name. */
  name: z.string(),
  from: z.string(),
  /** Field → source text: `title`, `html` (overlay) or `intro` (widget), `button.0` … */
  source: z.record(z.string(), z.string()),
  /** The overlay's format (its length budget); null for a widget. */
  format: z.string().nullable(),
  createdAt: z.string(),
  items: z.array(AiTranslationItemSchema),
});
export type AiTranslationRun = z.infer<typeof AiTranslationRunSchema>;
