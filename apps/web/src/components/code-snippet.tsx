import './toast.css';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../lib/translator';

/** Copies text: the Clipboard API, else a selected textarea and execCommand (older browsers, http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // denied or unavailable: try the fallback
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0';
  document.body.append(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

/**
 * A code snippet a business copies onto its website (a widget's, the overlays'): a heading, a
 * hint, the code selected on focus, and a Copy button that says whether it worked.
 */
export function CodeSnippet({
  title,
  hint,
  code,
  rows,
  testId,
}: {
  title: string;
  hint: string;
  code: string;
  rows: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [toast, setToast] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 2500);
    return () => clearTimeout(timer);
  }, [toast]);
  return (
    <section className="form-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{title}</h2>
      <p className="form-hint">{hint}</p>
      <label htmlFor={`${id}-code`} className="visually-hidden">
        {title}
      </label>
      <textarea
        id={`${id}-code`}
        className="snippet"
        readOnly
        rows={rows}
        value={code}
        data-testid={testId}
        onFocus={(e) => e.target.select()}
      />
      <button
        type="button"
        className="app-button app-button-small"
        onClick={() => void copyText(code).then((ok) => setToast(ok ? 'copied' : 'failed'))}
      >
        {t('PREVIEW.COPY')}
      </button>
      {toast && (
        <div role="status" className={toast === 'copied' ? 'app-toast' : 'app-toast app-toast-danger'}>
          {t(toast === 'copied' ? 'PREVIEW.COPIED' : 'PREVIEW.COPY_FAILED')}
        </div>
      )}
    </section>
  );
}
