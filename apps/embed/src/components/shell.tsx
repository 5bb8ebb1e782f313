/** What the frame and the guest app share around their content: language choice, colours, loading. */
import type { WidgetStyle } from '@spotlist/contracts';
import { useCallback, useEffect, useState } from 'preact/hooks';
import { browserLanguages, languageName, pickLanguage, type Translate } from '../lib/i18n.ts';

export function LanguageSelect({
  value,
  languages,
  onChange,
  t,
}: {
  value: string;
  languages: string[];
  onChange: (lang: string) => void;
  t: Translate;
}) {
  if (languages.length < 2) return null;
  return (
    <label>
      <span class="sr-only">{t('language')}</span>
      <select class="sl-btn" value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {languages.map((l) => (
          <option key={l} value={l} lang={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The widget's colours as CSS variables for an element's style (a guest app's widget section). */
export const styleVars = (style: WidgetStyle | undefined): Record<string, string> => {
  const vars: Record<string, string> = {};
  if (style?.primaryColor) vars['--sl-primary'] = style.primaryColor;
  if (style?.backgroundColor) vars['--sl-bg'] = style.backgroundColor;
  if (style?.textColor) vars['--sl-text'] = style.textColor;
  return vars;
};

/** The widget's colours as the page's CSS variables. */
export function applyStyle(style: WidgetStyle | undefined, root: HTMLElement = document.documentElement): void {
  const set = (name: string, v?: string) => (v ? root.style.setProperty(name, v) : root.style.removeProperty(name));
  set('--sl-primary', style?.primaryColor);
  set('--sl-bg', style?.backgroundColor);
  set('--sl-text', style?.textColor);
}

type Remote<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Loads content in the visitor's language: `?lang=` when offered, else the browser's languages,
 * else the content's first. The first answer names the offered languages; when a better one is
 * offered than the one served, it is loaded instead. `setLang` switches later.
 */
export function useLocalized<T extends { language: string; languages: string[] }>(
  load: (lang: string) => Promise<T>,
  search: string = location.search,
) {
  const param = new URLSearchParams(search).get('lang');
  const [lang, setLang] = useState(() => pickLanguage([], param, browserLanguages()));
  const [state, setState] = useState<Remote<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    load(lang).then(
      (data) => {
        if (!live) return;
        const best = pickLanguage(data.languages, lang, browserLanguages());
        if (best !== data.language && best !== lang) setLang(best);
        else setState({ status: 'ready', data });
      },
      () => live && setState({ status: 'error' }),
    );
    return () => {
      live = false;
    };
    // load is stable per page
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang, attempt]);
  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((a) => a + 1);
  }, []);
  return { lang, setLang, state, retry };
}

/** The page before its data arrives: "Loading…", or the failure with a retry (when there is something to retry). */
export function PendingPage(props: { class: string; failed: boolean; canRetry: boolean; retry: () => void; t: Translate }) {
  const { failed, canRetry, retry, t } = props;
  return (
    <main class={props.class}>
      {failed ? (
        <p class="sl-note" role="alert">
          {t('error')}{' '}
          {canRetry && (
            <button type="button" class="sl-btn" onClick={retry}>
              {t('retry')}
            </button>
          )}
        </p>
      ) : (
        <p class="sl-note" role="status">
          {t('loading')}
        </p>
      )}
    </main>
  );
}
