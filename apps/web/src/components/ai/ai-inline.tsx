import './ai-inline.css';
import {
  AI_VOICE_SETTING,
  buildPrompt,
  checkProtected,
  voiceOf,
  type AiGroundingList,
  type AiGroundingPlace,
  type AiRewriteStyle,
  type AiWriteKind,
} from '@spotlist/contracts';
import { useId, useRef, useState } from 'react';
import { AiMark } from './ai-mark';
import { useTranslation } from '../../lib/translator';
import { completionFailure, streamCompletion, useAiOffered, useRefreshStatus } from '../../lib/ai';
import { settingValue, useUserSettings } from '../../lib/user-settings';

type Action = { task: 'write' } | { task: 'rewrite'; style: AiRewriteStyle } | { task: 'proofread' };

const ACTIONS: { key: string; label: string; action: Action }[] = [
  { key: 'shorter', label: 'AI.STYLE_SHORTER', action: { task: 'rewrite', style: 'shorter' } },
  { key: 'friendlier', label: 'AI.STYLE_FRIENDLIER', action: { task: 'rewrite', style: 'friendlier' } },
  { key: 'formal', label: 'AI.STYLE_FORMAL', action: { task: 'rewrite', style: 'formal' } },
  { key: 'proofread', label: 'AI.TASK_PROOFREAD', action: { task: 'proofread' } },
];

/** Plain paragraphs as the rich text a rich-text field holds (a written draft is plain text). */
const asHtml = (text: string) =>
  text
    .split(/\n{2,}|\n/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => `<p>${p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`)
    .join('');

/**
 * The inline "✨" actions under a text field (the overlay editor, the widget settings, the place
 * form, the list page): write a draft from notes when the field is empty, else rewrite it
 * (shorter, friendlier, more formal) or proofread it. The result streams in beside the field with
 * Stop, is checked for the source's names, prices, numbers and links, and replaces the text only
 * on "Use this". Carries the business's voice and, when given, its places as facts. Shown only to
 * a user with the assistant (the flag and a configured provider).
 */
export function AiInline({
  text,
  language,
  kind,
  html = false,
  places,
  lists,
  maxChars,
  onUse,
}: {
  text: string;
  language: string;
  kind: AiWriteKind;
  /** The field holds rich text (HTML). */
  html?: boolean;
  places?: AiGroundingPlace[];
  lists?: AiGroundingList[];
  maxChars?: number;
  onUse: (text: string) => void;
}) {
  const { t } = useTranslation();
  const offered = useAiOffered();
  const settings = useUserSettings();
  const refreshStatus = useRefreshStatus();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState('');
  const [output, setOutput] = useState('');
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<{ text: string; missing: string[] } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);
  if (!offered) return null;

  const empty = text.replace(/<[^>]*>/g, '').trim() === '';
  const run = async (action: Action) => {
    const source = action.task === 'write' ? notes : text;
    if (!source.trim() || running) return;
    const controller = new AbortController();
    stop.current = controller;
    setRunning(true);
    setOutput('');
    setResult(null);
    setFailed(null);
    try {
      const messages = buildPrompt({
        ...action,
        kind,
        language,
        text: source,
        voice: voiceOf(settingValue(settings, AI_VOICE_SETTING)),
        places,
        lists,
        maxChars,
      });
      const completion = await streamCompletion(messages, (delta) => setOutput((o) => o + delta), controller.signal);
      const missing = action.task === 'write' ? [] : checkProtected(source, completion.content, places);
      setResult({ text: completion.content.trim(), missing });
    } catch (error) {
      setFailed(completionFailure(error));
    } finally {
      setRunning(false);
      stop.current = null;
      void refreshStatus();
    }
  };
  const use = () => {
    if (!result) return;
    // a draft written from notes is plain text; a rewrite of rich text keeps its tags
    onUse(html && !/<[a-z][^>]*>/i.test(result.text) ? asHtml(result.text) : result.text);
    setResult(null);
    setOutput('');
    setOpen(false);
  };

  return (
    <div className="ai-inline">
      <button
        type="button"
        className="ai-inline-toggle"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => setOpen((o) => !o)}
      >
        <AiMark />
        {t('AI.INLINE')}
      </button>
      {open && (
        <div id={`${id}-panel`} className="ai-inline-panel" role="group" aria-label={t('AI.INLINE')}>
          {empty ? (
            <div className="ai-inline-write">
              <label htmlFor={`${id}-notes`}>{t('AI.INLINE_NOTES')}</label>
              <textarea id={`${id}-notes`} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} />
              <button
                type="button"
                className="app-button app-button-small"
                disabled={running || !notes.trim()}
                onClick={() => void run({ task: 'write' })}
              >
                {t('AI.INLINE_WRITE')}
              </button>
            </div>
          ) : (
            <div className="ai-inline-actions">
              {ACTIONS.map((a) => (
                <button
                  key={a.key}
                  type="button"
                  className="app-button app-button-small app-button-outline"
                  disabled={running}
                  onClick={() => void run(a.action)}
                >
                  {t(a.label)}
                </button>
              ))}
            </div>
          )}
          {(running || output) && (
            <div className="ai-inline-result" data-testid="ai-inline-result" lang={language} aria-busy={running}>
              {output.replace(/<[^>]*>/g, ' ')}
              {running && <span className="ai-caret" aria-hidden="true" />}
            </div>
          )}
          {failed && <p role="alert">{t(failed)}</p>}
          {result && result.missing.length > 0 && (
            <p className="ai-inline-warning" role="alert">
              {t('AI.PROTECTED_CHANGED', { terms: result.missing.join(', ') })}
            </p>
          )}
          <div className="button-row">
            {running && (
              <button type="button" className="app-button app-button-small app-button-outline" onClick={() => stop.current?.abort()}>
                {t('AI.STOP')}
              </button>
            )}
            {result && (
              <>
                <button type="button" className="app-button app-button-small" onClick={use}>
                  {t('AI.INLINE_USE')}
                </button>
                <button
                  type="button"
                  className="app-button app-button-small app-button-outline"
                  onClick={() => {
                    setResult(null);
                    setOutput('');
                  }}
                >
                  {t('AI.INLINE_DISCARD')}
                </button>
              </>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
