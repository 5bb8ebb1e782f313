import '../ai-assistant.css';
import '../../../components/ai/ai-inline.css';
import {
  AI_REWRITE_STYLES,
  AI_TASKS,
  AI_WRITE_KINDS,
  APP_LANGUAGES,
  buildPrompt,
  checkProtected,
  type AiCompletion,
  type AiRewriteStyle,
  type AiTask,
  type AiWriteKind,
} from '@spotlist/contracts';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { CodeSnippet, copyText } from '../../../components/code-snippet';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { PlainSelect } from '../../../components/plain-select';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { useAuth } from '../../../lib/auth';
import { languageNameKey } from '../../../lib/language';
import { withQueryClient } from '../../../lib/query-client';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { saveUserSetting, settingValue, useUserSettings } from '../../../lib/user-settings';
import { completionFailure } from '../../../lib/ai';
import { groundingData, streamCompletion, useAiStatus, useContentLanguages, useRefreshStatus, VOICE_SETTING, voiceOf } from '../api/ai';

const TASK_KEYS: Record<AiTask, string> = {
  write: 'AI.TASK_WRITE',
  rewrite: 'AI.TASK_REWRITE',
  proofread: 'AI.TASK_PROOFREAD',
  translate: 'AI.TASK_TRANSLATE',
};
const KIND_KEYS: Record<AiWriteKind, string> = {
  overlay: 'AI.KIND_OVERLAY',
  widgetIntro: 'AI.KIND_WIDGET_INTRO',
  placeDescription: 'AI.KIND_PLACE_DESCRIPTION',
  listIntro: 'AI.KIND_LIST_INTRO',
  guestReply: 'AI.KIND_GUEST_REPLY',
};
const STYLE_KEYS: Record<AiRewriteStyle, string> = {
  shorter: 'AI.STYLE_SHORTER',
  friendlier: 'AI.STYLE_FRIENDLIER',
  formal: 'AI.STYLE_FORMAL',
};

/** A result of this device's earlier work (kept locally until logout, the newest first). */
interface HistoryEntry {
  at: string;
  task: AiTask;
  language: string;
  source: string;
  result: string;
}
const HISTORY_MAX = 20;
const readHistory = (): HistoryEntry[] => {
  const v = local.getJson(STORAGE_KEYS.aiHistory);
  return Array.isArray(v) ? (v as HistoryEntry[]).filter((e) => typeof e?.result === 'string').slice(0, HISTORY_MAX) : [];
};

/** Without a provider: what the page would do, and how an administrator sets it up. */
function NotConfigured() {
  const { t } = useTranslation();
  return (
    <section className="form-section ai-setup" aria-labelledby="ai-setup-h" data-testid="ai-not-configured">
      <h2 id="ai-setup-h">{t('AI.SETUP_TITLE')}</h2>
      <p>{t('ERROR.error.ai.notconfigured')}</p>
      <p className="form-hint">{t('AI.SETUP_HINT')}</p>
      <CodeSnippet
        title={t('AI.SETUP_EXAMPLE')}
        hint={t('AI.SETUP_EXAMPLE_HINT')}
        code={'AI_BASE_URL=http://localhost:11434/v1\nAI_MODEL=qwen2.5:7b\nnpm start'}
        rows={3}
        testId="ai-setup-snippet"
      />
    </section>
  );
}

/** The business's voice (setting `ai.voice`): every prompt carries it. */
function VoiceForm() {
  const { t } = useTranslation();
  const settings = useUserSettings();
  const saved = voiceOf(settingValue(settings, VOICE_SETTING));
  const [draft, setDraft] = useState<{ description: string; use: string; avoid: string } | null>(null);
  const [done, setDone] = useState(false);
  const shown = draft ?? { description: saved.description, use: saved.use.join(', '), avoid: saved.avoid.join(', ') };
  const words = (s: string) =>
    s
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
  const save = async () => {
    await saveUserSetting(VOICE_SETTING, { description: shown.description.trim(), use: words(shown.use), avoid: words(shown.avoid) });
    setDraft(null);
    setDone(true);
  };
  return (
    <details className="ai-voice">
      <summary>{t('AI.VOICE')}</summary>
      <p className="form-hint">{t('AI.VOICE_HINT')}</p>
      <TextInput
        label={t('AI.VOICE_DESCRIPTION')}
        rows={3}
        value={shown.description}
        onValue={(description) => setDraft({ ...shown, description })}
      />
      <TextInput label={t('AI.VOICE_USE')} hint={t('AI.WORDS_HINT')} value={shown.use} onValue={(use) => setDraft({ ...shown, use })} />
      <TextInput
        label={t('AI.VOICE_AVOID')}
        hint={t('AI.WORDS_HINT')}
        value={shown.avoid}
        onValue={(avoid) => setDraft({ ...shown, avoid })}
      />
      <button type="button" className="app-button app-button-outline" disabled={draft === null} onClick={() => void save()}>
        {t('AI.VOICE_SAVE')}
      </button>
      {done && draft === null && <p role="status">{t('AI.VOICE_SAVED')}</p>}
    </details>
  );
}

function Assistant() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const id = useId();
  const status = useAiStatus();
  const refreshStatus = useRefreshStatus();
  const languages = useContentLanguages();
  const settings = useUserSettings();
  const [task, setTask] = useState<AiTask>('write');
  const [kind, setKind] = useState<AiWriteKind>('overlay');
  const [style, setStyle] = useState<AiRewriteStyle>('shorter');
  const offered = languages.data && languages.data.length > 0 ? languages.data : [user?.language?.key ?? i18n.language];
  const [language, setLanguage] = useState('');
  const lang = offered.includes(language) ? language : (offered[0] ?? 'en');
  const [text, setText] = useState('');
  const [grounded, setGrounded] = useState(false);
  const [output, setOutput] = useState('');
  const [result, setResult] = useState<{ completion: AiCompletion; missing: string[]; source: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [history, setHistory] = useState<HistoryEntry[]>(readHistory);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  if (status.isError) return <p role="alert">{t('AI.LOAD_FAILED')}</p>;
  if (!status.data) return <Skeleton count={3} />;
  if (!status.data.configured) return <NotConfigured />;

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || running) return;
    const controller = new AbortController();
    stop.current = controller;
    setRunning(true);
    setOutput('');
    setResult(null);
    setFailed(null);
    const source = text;
    try {
      const data = grounded ? await groundingData() : { places: [], lists: [] };
      const messages = buildPrompt({
        task,
        kind,
        style,
        language: lang,
        text: source,
        voice: voiceOf(settingValue(settings, VOICE_SETTING)),
        places: data.places,
        lists: data.lists,
      });
      const completion = await streamCompletion(messages, (delta) => setOutput((o) => o + delta), controller.signal);
      // a draft that lost a name, price, phone number or link of the source is flagged
      const missing = task === 'write' ? [] : checkProtected(source, completion.content, data.places);
      setResult({ completion, missing, source });
      const entry = { at: new Date().toISOString(), task, language: lang, source, result: completion.content };
      const next = [entry, ...history].slice(0, HISTORY_MAX);
      setHistory(next);
      local.setJson(STORAGE_KEYS.aiHistory, next);
    } catch (error) {
      setFailed(completionFailure(error));
    } finally {
      setRunning(false);
      stop.current = null;
      void refreshStatus();
    }
  };

  const q = status.data.quota;
  const textLabel = task === 'write' ? t('AI.NOTES') : t('AI.TEXT');
  return (
    <div className="ai-layout">
      <form className="form-section ai-form" onSubmit={(e) => void run(e)} aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="visually-hidden">
          {t('AI.TASK')}
        </h2>
        <div className="ai-row">
          <PlainSelect
            label={t('AI.TASK')}
            value={task}
            onValue={setTask}
            options={AI_TASKS.map((x) => ({ value: x, label: t(TASK_KEYS[x]) }))}
          />
          {task === 'write' && (
            <PlainSelect
              label={t('AI.KIND')}
              value={kind}
              onValue={setKind}
              options={AI_WRITE_KINDS.map((x) => ({ value: x, label: t(KIND_KEYS[x]) }))}
            />
          )}
          {task === 'rewrite' && (
            <PlainSelect
              label={t('AI.STYLE')}
              value={style}
              onValue={setStyle}
              options={AI_REWRITE_STYLES.map((x) => ({ value: x, label: t(STYLE_KEYS[x]) }))}
            />
          )}
          <PlainSelect
            label={task === 'translate' ? t('AI.INTO_LANGUAGE') : t('AI.LANGUAGE')}
            value={lang}
            onValue={setLanguage}
            options={(task === 'translate' ? APP_LANGUAGES : offered).map((l) => ({ value: l, label: t(languageNameKey(l)), lang: l }))}
          />
        </div>
        <TextInput label={textLabel} rows={8} value={text} onValue={setText} hint={task === 'write' ? t('AI.NOTES_HINT') : undefined} />
        <label className="check-field">
          <input type="checkbox" checked={grounded} onChange={(e) => setGrounded(e.target.checked)} />
          {t('AI.GROUNDED')}
        </label>
        <p className="form-hint">{t('AI.GROUNDED_HINT')}</p>
        <VoiceForm />
        <div className="button-row">
          <button type="submit" className="app-button" disabled={running || !text.trim()}>
            {t('AI.RUN')}
          </button>
          {running && (
            <button type="button" className="app-button app-button-outline" onClick={() => stop.current?.abort()}>
              {t('AI.STOP')}
            </button>
          )}
        </div>
        <p className="form-hint" data-testid="ai-quota">
          {t('AI.QUOTA', { used: q.requests.used, limit: q.requests.limit })}
        </p>
      </form>
      <section className="ai-output" aria-labelledby={`${id}-out`} aria-busy={running}>
        <h2 id={`${id}-out`}>{t('AI.RESULT')}</h2>
        <div className="ai-result" data-testid="ai-result" lang={lang}>
          {output || <span className="form-hint">{running ? t('AI.WAITING') : t('AI.RESULT_EMPTY')}</span>}
          {running && <span className="ai-caret" aria-hidden="true" />}
        </div>
        {failed && <p role="alert">{t(failed)}</p>}
        {result && (
          <>
            {result.missing.length > 0 ? (
              <p className="ai-warning" role="alert" data-testid="ai-protected">
                {t('AI.PROTECTED_CHANGED', { terms: result.missing.join(', ') })}
              </p>
            ) : (
              task !== 'write' && <p className="form-hint">{t('AI.PROTECTED_KEPT')}</p>
            )}
            <p className="form-hint">{t('AI.REVIEW_HINT')}</p>
            <div className="button-row">
              <button type="button" className="app-button app-button-outline" onClick={() => void copyText(result.completion.content)}>
                {t('AI.COPY')}
              </button>
              <button type="button" className="app-button app-button-outline" onClick={() => setText(result.completion.content)}>
                {t('AI.USE_AS_TEXT')}
              </button>
            </div>
          </>
        )}
        {history.length > 0 && (
          <details className="ai-history">
            <summary>{t('AI.HISTORY', { count: history.length })}</summary>
            <ul>
              {history.map((h) => (
                <li key={h.at}>
                  <button type="button" className="ai-history-entry" onClick={() => setOutput(h.result)}>
                    <strong>{t(TASK_KEYS[h.task])}</strong> · {t(languageNameKey(h.language))} · {h.result.slice(0, 80)}
                  </button>
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
    </div>
  );
}

/** AiContentAssistantPage (SPEC §2 `aiContentAssistant`, aiassistantactivated): drafts, rewrites, proofreading and translations. */
function AiAssistantPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('MENU.AI_CONTENT_ASSISTANT')} narrow={false}>
      <FlagGate flag="aiassistantactivated">
        <h1>{t('MENU.AI_CONTENT_ASSISTANT')}</h1>
        <p className="form-hint ai-intro">{t('AI.INTRO')}</p>
        <Assistant />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(AiAssistantPage);
