import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AI_VOICE_SETTING,
  AiCompletionRequestSchema,
  AiCompletionSchema,
  AiStatusSchema,
  AiTranslateStartSchema,
  AiTranslationLanguageQuerySchema,
  AiTranslationRunSchema,
  ErrorKey,
  voiceOf,
  type AiCompletion,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import { aiTranslationItems, aiTranslationRuns, aiUsage, settings } from '../../platform/db/schema/index.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { requestFlags } from '../../platform/http/feature-flags.ts';
import { overlaysService } from '../overlays/index.ts';
import { baseUrlOf, widgetsService } from '../widgets/index.ts';
import { translateLanguage } from './ai.jobs.ts';
import { translationsService, type TranslationTargets } from './translations.service.ts';
import { AppError } from '../../lib/app-error.ts';
import { aiConfig, AiError, openAiChat, partialOf, type ChatClient, type ChatResult } from '../../integrations/ai/client.ts';
import { aiUsageService, estimateTokens } from './usage.service.ts';

const FLAG = 'aiassistantactivated' as const;

export interface AiRoutesOptions {
  db: Db;
  config: Config;
  jobs: JobQueue;
}

/** A provider failure → the key the client gets: 504 for a timeout, else 502. */
const failure = (error: unknown): AppError =>
  error instanceof AiError && error.reason === 'timeout' ? new AppError(ErrorKey.aiTimeout, 504) : new AppError(ErrorKey.aiProvider, 502);

/** One server-sent event. */
const event = (data: unknown, name?: string): string => `${name ? `event: ${name}\n` : ''}data: ${JSON.stringify(data)}\n\n`;

/**
 * The AI content assistant's provider routes (SPEC §1, §7 "POST /api/openai/completion";
 * ./README.md): a completion from the configured OpenAI-compatible server, as one answer or as
 * server-sent events, within the user's and the business's daily quotas. Behind
 * `aiassistantactivated` (403 error.flag.missing before anything else).
 */
export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, { db, config, jobs }) => {
  const cfg = aiConfig(config);
  const chat: ChatClient | undefined = cfg ? openAiChat(cfg) : undefined;
  const usage = aiUsageService(db, {
    userRequests: config.AI_QUOTA_USER_REQUESTS,
    userTokens: config.AI_QUOTA_USER_TOKENS,
    clientRequests: config.AI_QUOTA_CLIENT_REQUESTS,
    clientTokens: config.AI_QUOTA_CLIENT_TOKENS,
  });
  const models = cfg?.models ?? [config.AI_MODEL];
  /** Users refused by the quota, until its reset (ms): asked again only then (per instance). */
  const refused = new Map<number, number>();
  const tags = ['ai'];
  const user = { auth: 'user', flag: FLAG } as const;

  // "Translate to all languages": the overlays' and widgets' own services write what it makes
  const overlays = overlaysService(db, { changed: (publicId) => void app.events.emit('overlay.changed', { publicId }) });
  const widgets = widgetsService(db, (publicId, wroteFor) => {
    void app.events.emit('widget.changed', { publicId });
    if (wroteFor !== undefined) void app.events.emit('user.wrote', { userId: wroteFor });
  });
  const overlayTargets: Omit<TranslationTargets, 'widget' | 'saveWidgetTexts'> = {
    overlayLanguages: (ownerId) => overlays.offered(ownerId),
    async overlayDraft(ownerId, id, language) {
      await overlays.mine(ownerId, id);
      const found = await overlays.language(ownerId, id, language).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      });
      return found ? found.draft : null;
    },
    saveOverlayDraft: async (ownerId, id, language, content) => (await overlays.saveDraft(ownerId, id, language, content)).draft,
    publishOverlay: async (ownerId, id, language, content) => void (await overlays.publish(ownerId, id, language, content)),
  };
  /** A request's targets: its widgets are read and written as the widget routes do (the caller's flags). */
  const targetsOf = (req: FastifyRequest): TranslationTargets => ({
    ...overlayTargets,
    widget: (id) => widgets.get(id, req.user!, requestFlags(req), baseUrlOf(req, config.PUBLIC_URL), req.ctx.language),
    saveWidgetTexts: async (id, texts) =>
      void (await widgets.update(id, { texts }, req.user!, requestFlags(req), baseUrlOf(req, config.PUBLIC_URL), req.ctx.language)),
  });
  // a job only writes overlay drafts: a widget's drafts stay in the run until published
  const jobTargets: TranslationTargets = {
    ...overlayTargets,
    widget: () => Promise.reject(new Error('a translation job does not read widgets')),
    saveWidgetTexts: () => Promise.reject(new Error('a translation job does not write widgets')),
  };
  const translations = translationsService(db, {
    chat,
    model: config.AI_MODEL,
    usage,
    async voice(ownerId) {
      const [row] = await db
        .select({ value: settings.value })
        .from(settings)
        .where(and(eq(settings.userId, ownerId), eq(settings.key, AI_VOICE_SETTING)));
      if (!row) return null;
      const v = voiceOf(row.value);
      return v.description || v.use.length || v.avoid.length ? v : null;
    },
    queue: async (runId, language) => void (await jobs.send(translateLanguage, { runId, language: language as never })),
  });
  jobs.register(translateLanguage, { translations, targets: jobTargets });

  // the account export: what the assistant was used for (never a prompt or an answer); the rows go with the account (cascade)
  app.accountData.register({
    owner: 'ai',
    sections: ['ai'],
    async export(userId) {
      const used = await db.select().from(aiUsage).where(eq(aiUsage.userId, userId)).orderBy(aiUsage.id);
      const runs = await db.select().from(aiTranslationRuns).where(eq(aiTranslationRuns.ownerId, userId)).orderBy(aiTranslationRuns.id);
      const items =
        runs.length === 0
          ? []
          : await db
              .select({ runId: aiTranslationItems.runId, language: aiTranslationItems.language, status: aiTranslationItems.status })
              .from(aiTranslationItems)
              .where(
                inArray(
                  aiTranslationItems.runId,
                  runs.map((r) => r.id),
                ),
              )
              .orderBy(aiTranslationItems.language);
      return {
        ai: {
          usage: used.map((u) => ({
            model: u.model,
            status: u.status,
            promptTokens: u.promptTokens,
            completionTokens: u.completionTokens,
            durationMs: u.durationMs,
            createdAt: u.createdAt.toISOString(),
          })),
          translations: runs.map((r) => ({
            kind: r.kind,
            targetId: r.targetId,
            from: r.sourceLanguage,
            languages: items.filter((i) => i.runId === r.id).map((i) => ({ language: i.language, status: i.status })),
            createdAt: r.createdAt.toISOString(),
          })),
        },
      };
    },
  });
  const runParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

  app.post(
    '/api/openai/translations',
    { schema: { body: AiTranslateStartSchema, response: { 200: AiTranslationRunSchema }, tags }, config: user },
    async (req) => translations.start(targetsOf(req), req.user!, req.body),
  );
  app.get(
    '/api/openai/translations/:id',
    { schema: { params: runParams, response: { 200: AiTranslationRunSchema }, tags }, config: user },
    async (req) => translations.view(req.user!.id, req.params.id),
  );
  app.post(
    '/api/openai/translations/:id/retry',
    {
      schema: { params: runParams, querystring: AiTranslationLanguageQuerySchema, response: { 200: AiTranslationRunSchema }, tags },
      config: user,
    },
    async (req) => translations.retry(req.user!.id, req.params.id, req.query.language),
  );
  app.post(
    '/api/openai/translations/:id/publish',
    {
      schema: { params: runParams, querystring: AiTranslationLanguageQuerySchema, response: { 200: AiTranslationRunSchema }, tags },
      config: user,
    },
    async (req) => translations.publish(targetsOf(req), req.user!.id, req.params.id, req.query.language),
  );
  app.post(
    '/api/openai/translations/:id/discard',
    {
      schema: { params: runParams, querystring: AiTranslationLanguageQuerySchema, response: { 200: AiTranslationRunSchema }, tags },
      config: user,
    },
    async (req) => translations.discard(req.user!.id, req.params.id, req.query.language),
  );

  app.get('/api/openai/status', { schema: { response: { 200: AiStatusSchema }, tags }, config: user }, async (req) => {
    const { user: mine, client, resetsAt } = await usage.today(req.user!.id, req.user!.clientId);
    const l = usage.limits;
    return {
      configured: chat !== undefined,
      model: config.AI_MODEL,
      models,
      quota: {
        requests: { used: mine.requests, limit: l.userRequests },
        tokens: { used: mine.tokens, limit: l.userTokens },
        clientRequests: { used: client.requests, limit: l.clientRequests },
        clientTokens: { used: client.tokens, limit: l.clientTokens },
        resetsAt: resetsAt.toISOString(),
      },
    };
  });

  app.post(
    '/api/openai/completion',
    {
      schema: { body: AiCompletionRequestSchema, response: { 200: AiCompletionSchema }, tags },
      config: { ...user, invalidates: 'none' },
    },
    async (req, reply) => {
      if (!chat) throw new AppError(ErrorKey.aiNotConfigured, 503);
      const model = req.body.model ?? config.AI_MODEL;
      if (!models.includes(model)) throw new AppError(ErrorKey.aiModel, 400, [{ path: 'body.model', key: 'FORM.ERROR.INVALID' }]);
      const promptChars = req.body.messages.reduce((n, m) => n + m.content.length, 0);
      if (promptChars > config.AI_MAX_PROMPT_CHARS) throw new AppError(ErrorKey.aiPromptTooLarge, 400);
      const messages = req.body.messages.map((m) => ({ role: m.role, content: m.content }));
      const started = performance.now();
      // a user refused today is refused again at once, without asking the provider
      const refusedUntil = refused.get(req.user!.id);
      if (refusedUntil !== undefined && refusedUntil > Date.now())
        throw new AppError(ErrorKey.aiQuota, 429, undefined, Math.ceil((refusedUntil - Date.now()) / 1000));
      // the caller going away stops the provider's work (and its tokens)
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      // The quota is checked while the provider starts: its first token takes far longer than the
      // check, which so adds nothing to the wait. A refused request aborts the provider's at once,
      // before anything of it reaches the caller, and the user is not asked again until the reset.
      const quota = usage.start(req.user!.id, req.user!.clientId, model);
      const allowed = quota.then(
        () => true,
        (error: unknown) => {
          gone.abort();
          if (error instanceof AppError && error.retryAfterSeconds !== undefined) {
            for (const [user, until] of refused) if (until <= Date.now()) refused.delete(user);
            refused.set(req.user!.id, Date.now() + error.retryAfterSeconds * 1000);
          }
          return false;
        },
      );
      /** What a completion used: the provider's count, else an estimate from the characters. */
      const used = (r: ChatResult | undefined) => ({
        promptTokens: r?.usage?.promptTokens ?? (r ? estimateTokens(promptChars) : 0),
        completionTokens: r?.usage?.completionTokens ?? estimateTokens(r?.content.length ?? 0),
      });
      const answer = (r: ChatResult): AiCompletion => {
        const u = used(r);
        return {
          model: r.model,
          content: r.content,
          finishReason: r.finishReason,
          usage: { promptTokens: u.promptTokens, completionTokens: u.completionTokens, totalTokens: u.promptTokens + u.completionTokens },
        };
      };
      /** Ends the request's usage row (a refused request has none). */
      const end = async (status: 'ok' | 'failed', r: ChatResult | undefined) => {
        if (await allowed) await usage.finish(await quota, status, used(r), performance.now() - started);
      };
      const warn = (error: unknown, message: string) =>
        req.log.warn({ reason: error instanceof AiError ? error.reason : 'unknown', status: (error as AiError).status }, message);

      const streaming = req.body.stream === true || (req.headers.accept ?? '').includes('text/event-stream');
      if (!streaming) {
        const call = chat.complete(model, messages, gone.signal);
        // the provider may fail while the quota is still being checked: that failure is read below
        call.catch(() => undefined);
        if (!(await allowed)) await quota; // 429 error.ai.quota
        try {
          const r = await call;
          await end('ok', r);
          return answer(r);
        } catch (error) {
          // a failed answer used nothing the provider counted
          await end('failed', undefined);
          warn(error, 'AI completion failed');
          throw failure(error);
        }
      }

      // Server-sent events. The answer starts with the first piece of text: a failure before it is
      // a plain error answer (502/504 with its key), one after it an `error` event.
      const out = new PassThrough();
      let begun = false;
      let began!: (ok: boolean) => void;
      const first = new Promise<boolean>((resolve) => (began = resolve));
      const run = chat
        .stream(
          model,
          messages,
          (delta) => {
            if (!begun) {
              begun = true;
              began(true);
            }
            out.write(event({ delta }));
          },
          gone.signal,
        )
        .then(
          async (r) => {
            await end('ok', r);
            out.write(event(answer(r), 'done'));
            out.end();
            began(true);
          },
          async (error: unknown) => {
            // refused by the quota: the route answers 429, the provider's abort is no failure
            if (!(await allowed)) return void began(false);
            const partial = partialOf(error);
            // only what was used counts: the prompt once text came, and the text that came
            await end('failed', partial && partial.content ? partial : undefined);
            warn(error, 'AI stream failed');
            if (begun) {
              out.write(event({ key: failure(error).key }, 'error'));
              out.end();
            } else {
              began(false);
              throw failure(error);
            }
          },
        );
      // (as above: a failure before the quota's answer is read below, through `run`)
      run.catch(() => undefined);
      if (!(await allowed)) await quota; // 429 error.ai.quota
      if (!(await first)) return run;
      reply
        .header('content-type', 'text/event-stream; charset=utf-8')
        .header('cache-control', 'no-cache, no-transform')
        // proxies (nginx) pass each event on at once
        .header('x-accel-buffering', 'no');
      // a stream is piped as it is (no serializer runs on it)
      return reply.send(out as never);
    },
  );
};
