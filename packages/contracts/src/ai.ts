import { z } from 'zod';
import { FormError, text } from './common.ts';

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
