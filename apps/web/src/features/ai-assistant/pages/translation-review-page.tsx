import '../ai-assistant.css';
import type { AiTranslationItem, AiTranslationRun, OverlayFormat } from '@spotlist/contracts';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { isApiError } from '../../../lib/api-client';
import { languageNameKey } from '../../../lib/language';
import { FORMAT_KEYS } from '../../../lib/overlay-format-keys';
import { withQueryClient } from '../../../lib/query-client';
import { useTranslationAction, useTranslationRun } from '../../../lib/ai';

const STATUS_KEYS: Record<AiTranslationItem['status'], string> = {
  queued: 'AI_REVIEW.STATUS_QUEUED',
  running: 'AI_REVIEW.STATUS_RUNNING',
  done: 'AI_REVIEW.STATUS_DONE',
  failed: 'AI_REVIEW.STATUS_FAILED',
  published: 'AI_REVIEW.STATUS_PUBLISHED',
  discarded: 'AI_REVIEW.STATUS_DISCARDED',
};

/** The label of a field of the text: title, text, introduction, button N. */
function fieldLabel(key: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (key === 'title') return t('AI_REVIEW.FIELD_TITLE');
  if (key === 'html') return t('AI_REVIEW.FIELD_TEXT');
  if (key === 'intro') return t('AI_REVIEW.FIELD_INTRO');
  return t('AI_REVIEW.FIELD_BUTTON', { n: Number(key.split('.')[1] ?? 0) + 1 });
}

/** Rich text as plain paragraphs (the model's HTML is never rendered here). */
export function plainText(html: string): string {
  const blocks = html.replace(/<\/(p|div|li|h[1-6])>|<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '');
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${blocks.replace(/</g, '&lt;')}`, 'text/html');
  return (doc.body.textContent ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n');
}

/** Fields in reading order: the title, the text, then the buttons (a stored object keeps no order). */
const rank = (key: string) => (key === 'title' ? -2 : key === 'html' || key === 'intro' ? -1 : Number(key.split('.')[1] ?? 0));
export const orderedFields = (fields: Record<string, string>) => Object.entries(fields).sort(([a], [b]) => rank(a) - rank(b));

function Fields({ fields, lang, heading }: { fields: Record<string, string>; lang: string; heading: string }) {
  const { t } = useTranslation();
  return (
    <div className="review-column" lang={lang}>
      <h3>{heading}</h3>
      <dl>
        {orderedFields(fields).map(([key, value]) => (
          <div key={key} className="review-field">
            <dt>{fieldLabel(key, t)}</dt>
            <dd>{plainText(value) || '—'}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function Checks({ item, run }: { item: AiTranslationItem; run: AiTranslationRun }) {
  const { t } = useTranslation();
  const c = item.checks;
  if (!c) return null;
  const target = t(languageNameKey(item.language));
  const budget =
    run.kind === 'overlay' && run.format && run.format in FORMAT_KEYS
      ? t('AI_REVIEW.CHECK_LENGTH_FORMAT', { format: t(FORMAT_KEYS[run.format as OverlayFormat]) })
      : t('AI_REVIEW.CHECK_LENGTH_WIDGET');
  const rows = [
    {
      ok: c.length.ok,
      text: c.length.ok
        ? t('AI_REVIEW.CHECK_LENGTH_OK', { chars: c.length.chars, max: c.length.max, budget })
        : t('AI_REVIEW.CHECK_LENGTH_OVER', { chars: c.length.chars, max: c.length.max, budget }),
    },
    {
      ok: c.protected.ok,
      text: c.protected.ok ? t('AI_REVIEW.CHECK_TERMS_OK') : t('AI_REVIEW.CHECK_TERMS_MISSING', { terms: c.protected.missing.join(', ') }),
    },
    {
      ok: c.language.ok,
      text: c.language.detected
        ? c.language.ok
          ? t('AI_REVIEW.CHECK_LANGUAGE_OK', { language: target })
          : t('AI_REVIEW.CHECK_LANGUAGE_WRONG', { detected: t(languageNameKey(c.language.detected)), language: target })
        : t('AI_REVIEW.CHECK_LANGUAGE_SHORT'),
    },
  ];
  return (
    <ul className="review-checks" aria-label={t('AI_REVIEW.CHECKS')}>
      {rows.map((r) => (
        <li key={r.text} className={r.ok ? 'review-check review-check-ok' : 'review-check review-check-warn'}>
          <span aria-hidden="true">{r.ok ? '✓' : '!'}</span>
          <span>
            <span className="visually-hidden">{r.ok ? t('AI_REVIEW.CHECK_PASSED') : t('AI_REVIEW.CHECK_FAILED')} </span>
            {r.text}
          </span>
        </li>
      ))}
    </ul>
  );
}

function LanguageCard({ run, item }: { run: AiTranslationRun; item: AiTranslationItem }) {
  const { t } = useTranslation();
  const id = useId();
  const act = useTranslationAction(run.id);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const name = t(languageNameKey(item.language));
  const flagged = item.checks !== null && (!item.checks.length.ok || !item.checks.protected.ok || !item.checks.language.ok);
  const perform = async (action: 'publish' | 'retry' | 'discard') => {
    setBusy(true);
    setFailed(null);
    try {
      await act(action, item.language);
    } catch (error) {
      setFailed(isApiError(error) ? `ERROR.${error.key}` : 'AI_REVIEW.ACTION_FAILED');
    } finally {
      setBusy(false);
    }
  };
  const working = item.status === 'queued' || item.status === 'running';
  return (
    <article className={`review-card review-${item.status}`} aria-labelledby={`${id}-h`} data-testid={`review-${item.language}`}>
      <header className="review-card-head">
        <h2 id={`${id}-h`}>{name}</h2>
        <span className={`review-status review-status-${item.status}`} role="status">
          {t(STATUS_KEYS[item.status])}
        </span>
      </header>
      {working && <p className="form-hint">{t('AI_REVIEW.WORKING', { language: name })}</p>}
      {item.status === 'failed' && (
        <p className="ai-warning" role="alert">
          {t(`ERROR.${item.errorKey ?? 'error.ai.provider'}`)}
        </p>
      )}
      {item.draft && item.status !== 'failed' && (
        <>
          <div className="review-columns">
            <Fields fields={run.source} lang={run.from} heading={t('AI_REVIEW.SOURCE', { language: t(languageNameKey(run.from)) })} />
            <Fields fields={item.draft} lang={item.language} heading={t('AI_REVIEW.DRAFT', { language: name })} />
          </div>
          <Checks item={item} run={run} />
        </>
      )}
      {failed && <p role="alert">{t(failed)}</p>}
      <div className="button-row">
        {item.status === 'done' && (
          <button type="button" className="app-button" disabled={busy} onClick={() => void perform('publish')}>
            {flagged ? t('AI_REVIEW.PUBLISH_ANYWAY', { language: name }) : t('AI_REVIEW.PUBLISH', { language: name })}
          </button>
        )}
        {(item.status === 'failed' || (item.status === 'done' && flagged)) && (
          <button
            type="button"
            className={item.status === 'failed' ? 'app-button' : 'app-button app-button-outline'}
            disabled={busy}
            onClick={() => void perform('retry')}
          >
            {t('AI_REVIEW.RETRY', { language: name })}
          </button>
        )}
        {(item.status === 'done' || item.status === 'failed') && (
          <button type="button" className="app-button app-button-outline" disabled={busy} onClick={() => void perform('discard')}>
            {t('AI_REVIEW.DISCARD')}
          </button>
        )}
        {run.kind === 'overlay' && item.status !== 'queued' && item.status !== 'running' && item.status !== 'discarded' && (
          <AppLink className="app-button app-button-outline" to={`/overlay-manager/${run.targetId}?lang=${item.language}`} mode="forward">
            {t('AI_REVIEW.EDIT', { language: name })}
          </AppLink>
        )}
      </div>
    </article>
  );
}

function Review({ runId }: { runId: number }) {
  const { t } = useTranslation();
  const run = useTranslationRun(runId);
  if (run.isError) return <p role="alert">{t(isApiError(run.error) ? `ERROR.${run.error.key}` : 'AI_REVIEW.LOAD_FAILED')}</p>;
  if (!run.data) return <Skeleton count={4} />;
  const r = run.data;
  const ready = r.items.filter((i) => i.status !== 'queued' && i.status !== 'running').length;
  const back = r.kind === 'overlay' ? `/overlay-manager/${r.targetId}` : `/widget-detail/${r.targetId}`;
  return (
    <>
      <p className="link-row">
        <AppLink to={back} mode="back">
          {r.kind === 'overlay' ? t('AI_REVIEW.BACK_OVERLAY', { name: r.name }) : t('AI_REVIEW.BACK_WIDGET', { name: r.name })}
        </AppLink>
      </p>
      <h1>{t('AI_REVIEW.HEADING', { name: r.name })}</h1>
      <p className="review-intro">{t('AI_REVIEW.INTRO', { language: t(languageNameKey(r.from)) })}</p>
      <div className="review-progress">
        <progress max={r.items.length} value={ready} aria-label={t('AI_REVIEW.PROGRESS_LABEL')} />
        <span data-testid="review-progress">{t('AI_REVIEW.PROGRESS', { ready, total: r.items.length })}</span>
      </div>
      <div className="review-list">
        {r.items.map((item) => (
          <LanguageCard key={item.language} run={r} item={item} />
        ))}
      </div>
    </>
  );
}

/** The review of "Translate to all languages" (`ai-translations/:id`): source and draft side by side per language, the checks, publish per language. */
function TranslationReviewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <PageLayout title={t('AI_REVIEW.TITLE')} narrow={false}>
      <FlagGate flag="aiassistantactivated">
        {Number.isInteger(id) && id > 0 ? <Review runId={id} /> : <p role="alert">{t('ERROR.error.ai.translation.notfound')}</p>}
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(TranslationReviewPage);
