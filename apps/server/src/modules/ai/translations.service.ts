import { and, asc, desc, eq } from 'drizzle-orm';
import { francAll } from 'franc';
import {
  buildFieldsTranslation,
  checkProtected,
  ErrorKey,
  OVERLAY_BUTTON_LABEL_MAX,
  OVERLAY_FORMATS,
  OVERLAY_HTML_MAX,
  OVERLAY_TEXT_BUDGET,
  OVERLAY_TITLE_MAX,
  parseTranslatedFields,
  visibleChars,
  WIDGET_INTRO_MAX,
  WIDGET_TITLE_MAX,
  type AiDraftChecks,
  type AiTranslateStart,
  type AiTranslationRun,
  type AiVoice,
  type OverlayButton,
  type OverlayContent,
  type OverlayFormat,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { aiTranslationItems, aiTranslationRuns, overlays, overlayTexts, widgets, type AiFields } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { AiError, type ChatClient } from '../../integrations/ai/client.ts';
import type { AiUsageService } from './usage.service.ts';

type RunRow = typeof aiTranslationRuns.$inferSelect;
type ItemRow = typeof aiTranslationItems.$inferSelect;

/** A language still `running` this long after its last change died with its instance: shown as failed. */
const STALE_MS = 15 * 60_000;

/** ISO 639-3 (what franc answers) of the app languages. */
const ISO3: Record<string, string> = {
  de: 'deu',
  en: 'eng',
  es: 'spa',
  fr: 'fra',
  hr: 'hrv',
  hu: 'hun',
  it: 'ita',
  pl: 'pol',
  pt: 'por',
  ru: 'rus',
  tr: 'tur',
  nl: 'nld',
  da: 'dan',
};
const FROM_ISO3 = new Map(Object.entries(ISO3).map(([k, v]) => [v, k]));
/** Fewer visible characters than this: too short to tell the language. */
const DETECT_MIN_CHARS = 20;

const plain = (fields: AiFields) =>
  Object.values(fields)
    .map((v) => v.replace(/<[^>]*>/g, ' '))
    .join('\n');

/** The app language a text reads as, among the 13 (null: too short to tell). */
export function detectLanguage(text: string): string | null {
  const visible = text.replace(/\s+/g, ' ').trim();
  if (visible.length < DETECT_MIN_CHARS) return null;
  const [best] = francAll(visible, { only: Object.values(ISO3), minLength: DETECT_MIN_CHARS });
  return best && best[0] !== 'und' ? (FROM_ISO3.get(best[0]) ?? null) : null;
}

/** Each field's own maximum (what saving it would refuse). */
function fieldMax(kind: string, key: string): number {
  if (kind === 'widget') return key === 'title' ? WIDGET_TITLE_MAX : WIDGET_INTRO_MAX;
  if (key === 'title') return OVERLAY_TITLE_MAX;
  if (key === 'html') return OVERLAY_HTML_MAX;
  return OVERLAY_BUTTON_LABEL_MAX;
}

/** The visible text a run's drafts should fit in: the overlay format's budget, a widget's title and intro together. */
function budget(run: Pick<RunRow, 'kind' | 'format'>): number {
  if (run.kind === 'overlay' && (OVERLAY_FORMATS as readonly string[]).includes(run.format ?? ''))
    return OVERLAY_TEXT_BUDGET[run.format as OverlayFormat];
  return WIDGET_TITLE_MAX + WIDGET_INTRO_MAX;
}

/** The review's checks of one draft: the length budget, the protected terms kept, the language it reads as. */
export function draftChecks(run: Pick<RunRow, 'kind' | 'format' | 'source'>, language: string, draft: AiFields): AiDraftChecks {
  const chars = visibleChars(draft);
  const max = budget(run);
  const fieldsFit = Object.entries(draft).every(([k, v]) => v.length <= fieldMax(run.kind, k));
  const missing = checkProtected(plain(run.source), plain(draft));
  const detected = detectLanguage(plain(draft));
  return {
    length: { ok: fieldsFit && chars <= max, chars, max },
    protected: { ok: missing.length === 0, missing },
    language: { ok: detected === null || detected === language, detected },
  };
}

/** An overlay language's texts as fields: `title`, `html`, `button.N` (labels). */
function overlayFields(c: Pick<OverlayContent, 'title' | 'html' | 'buttons'>): AiFields {
  const fields: AiFields = { title: c.title, html: c.html };
  c.buttons.forEach((b, i) => (fields[`button.${i}`] = b.label));
  return fields;
}

/** The source's content with the translated texts (picture and button targets as the source has them). */
function overlayContent(source: OverlayContent, fields: AiFields): OverlayContent {
  return {
    title: fields.title ?? source.title,
    html: fields.html ?? source.html,
    imageDocumentId: source.imageDocumentId,
    buttons: source.buttons.map((b, i) => ({ ...b, label: fields[`button.${i}`] ?? b.label }) as OverlayButton),
  };
}

/** What the service needs of the overlays and widgets modules (their own rules apply). */
export interface TranslationTargets {
  /** The business's content languages (overlays: the profile's). */
  overlayLanguages(ownerId: number): Promise<string[]>;
  /** An overlay language's draft, or null when it has none (404 error.overlay.notfound: not mine). */
  overlayDraft(ownerId: number, id: number, language: string): Promise<OverlayContent | null>;
  /** Saves the language's draft; answers it as stored (the rich text sanitized). */
  saveOverlayDraft(ownerId: number, id: number, language: string, content: OverlayContent): Promise<OverlayContent>;
  publishOverlay(ownerId: number, id: number, language: string, content: OverlayContent): Promise<void>;
  /** A widget of mine: its name, texts and languages (404 error.widget.notfound). */
  widget(id: number): Promise<{ name: string; texts: Record<string, { title?: string; intro?: string } | undefined>; languages: string[] }>;
  /** Replaces the widget's texts (every language). */
  saveWidgetTexts(id: number, texts: Record<string, { title: string; intro: string }>): Promise<void>;
}

export interface TranslationDeps {
  chat: ChatClient | undefined;
  model: string;
  usage: AiUsageService;
  /** The business's voice (the user setting `ai.voice`), or null. */
  voice(ownerId: number): Promise<AiVoice | null>;
  /** Queues the job of one language. */
  queue(runId: number, language: string): Promise<void>;
}

/**
 * "Translate to all languages" (./README.md): a run per click, a job per language writing a
 * draft (never published), the review's checks, and publish or discard per language.
 */
export function translationsService(db: Db, deps: TranslationDeps) {
  const notFound = () => new AppError(ErrorKey.aiTranslationNotFound, 404);

  async function run(ownerId: number, id: number): Promise<RunRow> {
    const [row] = await db
      .select()
      .from(aiTranslationRuns)
      .where(and(eq(aiTranslationRuns.id, id), eq(aiTranslationRuns.ownerId, ownerId)));
    if (!row) throw notFound();
    return row;
  }

  async function item(runId: number, language: string): Promise<ItemRow> {
    const [row] = await db
      .select()
      .from(aiTranslationItems)
      .where(and(eq(aiTranslationItems.runId, runId), eq(aiTranslationItems.language, language)));
    if (!row) throw notFound();
    return row;
  }

  const setItem = (runId: number, language: string, set: Partial<typeof aiTranslationItems.$inferInsert>) =>
    db
      .update(aiTranslationItems)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(aiTranslationItems.runId, runId), eq(aiTranslationItems.language, language)));

  /** A language's state as the review sees it: a `running` one whose instance died shows as failed. */
  function itemView(i: ItemRow, now: number): AiTranslationRun['items'][number] {
    const stale = (i.status === 'running' || i.status === 'queued') && now - i.updatedAt.getTime() > STALE_MS;
    return {
      language: i.language,
      status: stale ? 'failed' : (i.status as AiTranslationRun['items'][number]['status']),
      draft: i.draft ?? null,
      checks: i.checks ?? null,
      errorKey: stale ? ErrorKey.aiTimeout : (i.errorKey ?? null),
      attempts: i.attempts,
      updatedAt: i.updatedAt.toISOString(),
    };
  }

  async function view(r: RunRow): Promise<AiTranslationRun> {
    const items = await db
      .select()
      .from(aiTranslationItems)
      .where(eq(aiTranslationItems.runId, r.id))
      .orderBy(asc(aiTranslationItems.language));
    const [named] =
      r.kind === 'overlay'
        ? await db.select({ name: overlays.name }).from(overlays).where(eq(overlays.id, r.targetId))
        : await db.select({ name: widgets.name }).from(widgets).where(eq(widgets.id, r.targetId));
    const name = named?.name ?? '';
    const now = Date.now();
    return {
      id: r.id,
      kind: r.kind as AiTranslationRun['kind'],
      targetId: r.targetId,
      name,
      from: r.sourceLanguage,
      source: r.source,
      format: r.format,
      createdAt: r.createdAt.toISOString(),
      items: items.map((i) => itemView(i, now)),
    };
  }

  return {
    view: async (ownerId: number, id: number) => view(await run(ownerId, id)),

    /** The owner's latest run of an overlay or widget (the editor offers to reopen its review). */
    async latest(ownerId: number, kind: string, targetId: number): Promise<number | null> {
      const [row] = await db
        .select({ id: aiTranslationRuns.id })
        .from(aiTranslationRuns)
        .where(and(eq(aiTranslationRuns.ownerId, ownerId), eq(aiTranslationRuns.kind, kind), eq(aiTranslationRuns.targetId, targetId)))
        .orderBy(desc(aiTranslationRuns.id))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Starts a run: the source language's text (an overlay's draft, a widget's title and intro)
     * into every other language offered (or those of `to`), a queued job each. Nothing is
     * written to the overlay or widget here.
     */
    async start(targets: TranslationTargets, user: { id: number; clientId: number }, input: AiTranslateStart): Promise<AiTranslationRun> {
      if (!deps.chat) throw new AppError(ErrorKey.aiNotConfigured, 503);
      let source: AiFields;
      let offered: string[];
      let format: string | null = null;
      if (input.kind === 'overlay') {
        const draft = await targets.overlayDraft(user.id, input.id, input.from);
        if (!draft || (draft.title.trim() === '' && draft.html.trim() === '')) throw new AppError(ErrorKey.aiTranslationNothing, 400);
        source = overlayFields(draft);
        offered = await targets.overlayLanguages(user.id);
        const [o] = await db.select({ format: overlays.format }).from(overlays).where(eq(overlays.id, input.id));
        format = o?.format ?? null;
      } else {
        const w = await targets.widget(input.id);
        const t = w.texts[input.from];
        if (!t || ((t.title ?? '').trim() === '' && (t.intro ?? '').trim() === '')) throw new AppError(ErrorKey.aiTranslationNothing, 400);
        source = { title: t.title ?? '', intro: t.intro ?? '' };
        offered = w.languages;
      }
      if (input.to?.some((l) => !offered.includes(l))) throw new AppError(ErrorKey.overlayLanguageNotOffered, 400);
      const languages = [...new Set(input.to ?? offered)].filter((l) => l !== input.from);
      if (languages.length === 0) throw new AppError(ErrorKey.aiTranslationNothing, 400);
      const r = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(aiTranslationRuns)
          .values({
            ownerId: user.id,
            clientId: user.clientId,
            kind: input.kind,
            targetId: input.id,
            sourceLanguage: input.from,
            source,
            format,
          })
          .returning();
        await tx.insert(aiTranslationItems).values(languages.map((language) => ({ runId: row!.id, language })));
        return row!;
      });
      for (const language of languages) await deps.queue(r.id, language);
      return view(r);
    },

    /**
     * The job of one language: one completion (counted in the owner's quota), the answer's fields
     * checked, the draft kept (an overlay's also saved as the language's draft, the earlier one
     * kept to restore). A failure marks the language failed with its key; it is retried alone.
     * Idempotent: a language no longer queued or running is left as it is.
     */
    async work(targets: TranslationTargets, runId: number, language: string, signal?: AbortSignal): Promise<void> {
      const [r] = await db.select().from(aiTranslationRuns).where(eq(aiTranslationRuns.id, runId));
      if (!r) return;
      const i = await item(runId, language).catch(() => null);
      if (!i || (i.status !== 'queued' && i.status !== 'running')) return;
      await setItem(runId, language, { status: 'running', attempts: i.attempts + 1, errorKey: null });
      const fail = (key: string) => setItem(runId, language, { status: 'failed', errorKey: key });
      if (!deps.chat) return void (await fail(ErrorKey.aiNotConfigured));

      let usageId: number;
      try {
        usageId = await deps.usage.start(r.ownerId, r.clientId, deps.model);
      } catch (error) {
        if (error instanceof AppError) return void (await fail(error.key));
        throw error;
      }
      const started = performance.now();
      const messages = buildFieldsTranslation({
        fields: r.source,
        from: r.sourceLanguage,
        language,
        voice: await deps.voice(r.ownerId),
        maxChars: budget(r),
      });
      let answer;
      try {
        answer = await deps.chat.complete(deps.model, messages, signal);
      } catch (error) {
        await deps.usage.finish(usageId, 'failed', { promptTokens: 0, completionTokens: 0 }, performance.now() - started);
        return void (await fail(error instanceof AiError && error.reason === 'timeout' ? ErrorKey.aiTimeout : ErrorKey.aiProvider));
      }
      const used = {
        promptTokens: answer.usage?.promptTokens ?? Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / 4),
        completionTokens: answer.usage?.completionTokens ?? Math.ceil(answer.content.length / 4),
      };
      const draft = parseTranslatedFields(answer.content, r.source);
      // an answer that is not the fields used its tokens all the same
      await deps.usage.finish(usageId, draft ? 'ok' : 'failed', used, performance.now() - started);
      if (!draft) return void (await fail(ErrorKey.aiProvider));
      let kept = draft;
      if (r.kind === 'overlay') {
        try {
          const source = await targets.overlayDraft(r.ownerId, r.targetId, r.sourceLanguage);
          if (!source) return void (await fail(ErrorKey.overlayNotFound));
          const before = await targets.overlayDraft(r.ownerId, r.targetId, language);
          // the earlier draft is kept first, so a crash between the two writes loses nothing
          if (i.previous === null && !i.hadPrevious) await setItem(runId, language, { previous: before, hadPrevious: before !== null });
          // the draft as the overlay stores it: its rich text sanitized like anything the business writes
          kept = overlayFields(await targets.saveOverlayDraft(r.ownerId, r.targetId, language, overlayContent(source, draft)));
        } catch (error) {
          if (error instanceof AppError) return void (await fail(error.key));
          throw error;
        }
      }
      await setItem(runId, language, { status: 'done', draft: kept, checks: draftChecks(r, language, kept) });
    },

    /**
     * One language again, alone: a failed one, or a draft the business wants translated anew (a
     * flagged one, or after the source changed). Not while it is being translated.
     */
    async retry(ownerId: number, runId: number, language: string): Promise<AiTranslationRun> {
      const r = await run(ownerId, runId);
      const i = itemView(await item(runId, language), Date.now());
      if (i.status === 'queued' || i.status === 'running') throw new AppError(ErrorKey.aiTranslationState, 409);
      if (!deps.chat) throw new AppError(ErrorKey.aiNotConfigured, 503);
      await setItem(runId, language, { status: 'queued', errorKey: null });
      await deps.queue(runId, language);
      return view(r);
    },

    /** The reviewed draft goes live: the overlay language published, the widget's text replaced. */
    async publish(targets: TranslationTargets, ownerId: number, runId: number, language: string): Promise<AiTranslationRun> {
      const r = await run(ownerId, runId);
      const i = await item(runId, language);
      if (i.status !== 'done' || !i.draft) throw new AppError(ErrorKey.aiTranslationState, 409);
      if (r.kind === 'overlay') {
        const source = await targets.overlayDraft(ownerId, r.targetId, r.sourceLanguage);
        if (!source) throw new AppError(ErrorKey.overlayNotFound, 404);
        await targets.publishOverlay(ownerId, r.targetId, language, overlayContent(source, i.draft));
      } else {
        const w = await targets.widget(r.targetId);
        const texts: Record<string, { title: string; intro: string }> = {};
        for (const [l, t] of Object.entries(w.texts)) if (t) texts[l] = { title: t.title ?? '', intro: t.intro ?? '' };
        texts[language] = { title: i.draft.title ?? '', intro: i.draft.intro ?? '' };
        await targets.saveWidgetTexts(r.targetId, texts);
      }
      await setItem(runId, language, { status: 'published' });
      return view(r);
    },

    /** Drops a draft: an overlay language gets back the draft it had (or loses the one the run made). */
    async discard(ownerId: number, runId: number, language: string): Promise<AiTranslationRun> {
      const r = await run(ownerId, runId);
      const i = itemView(await item(runId, language), Date.now());
      if (i.status !== 'done' && i.status !== 'failed') throw new AppError(ErrorKey.aiTranslationState, 409);
      const row = await item(runId, language);
      if (r.kind === 'overlay' && row.draft) {
        if (row.hadPrevious && row.previous) {
          await db
            .update(overlayTexts)
            .set({ draft: row.previous as typeof overlayTexts.$inferInsert.draft, draftUpdatedAt: new Date() })
            .where(and(eq(overlayTexts.overlayId, r.targetId), eq(overlayTexts.language, language)));
        } else {
          // the language had no text before: the run's draft goes, unless it was published since
          const [t] = await db
            .select()
            .from(overlayTexts)
            .where(and(eq(overlayTexts.overlayId, r.targetId), eq(overlayTexts.language, language)));
          if (t && t.published === null)
            await db.delete(overlayTexts).where(and(eq(overlayTexts.overlayId, r.targetId), eq(overlayTexts.language, language)));
          else if (t)
            await db
              .update(overlayTexts)
              .set({ draft: t.published!, draftUpdatedAt: new Date() })
              .where(and(eq(overlayTexts.overlayId, r.targetId), eq(overlayTexts.language, language)));
        }
      }
      await setItem(runId, language, { status: 'discarded' });
      return view(r);
    },
  };
}
export type TranslationsService = ReturnType<typeof translationsService>;
