import { APP_LANGUAGES, WIDGET_INTRO_MAX, type AppLanguage, type WidgetDetail, type WidgetStyle } from '@spotlist/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { TextInput } from '../../../components/text-input';
import { useCurrentLocation } from '../../../lib/navigation';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { useSaveWidgetDefaults, type WidgetChange } from '../api/widgets';
import { contentLanguages, languageNameKey } from '../widget-paths';
import { LanguageSwitch } from './language-switch';
import { AiInline } from '../../../components/ai/ai-inline';
import { AiTranslateButton } from '../../../components/ai/ai-translate-button';

/**
 * The contracts' AllowedDomainSchema pattern, copied (importing the schema would load zod for one
 * check): `example.com`, `*.example.com`, `https://shop.example.com`, `localhost:8080`. The server
 * checks again.
 */
const DOMAIN = /^(https?:\/\/)?(\*\.)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(:(\d{1,5}|\*))?$/;
const DEFAULT_COLORS = { primaryColor: '#1b6e5a', backgroundColor: '#ffffff', textColor: '#1f2328' } as const;
type ColorField = keyof typeof DEFAULT_COLORS;
const COLOR_FIELDS: { field: ColorField; key: string }[] = [
  { field: 'primaryColor', key: 'WIDGETS.COLOR_PRIMARY' },
  { field: 'backgroundColor', key: 'WIDGETS.COLOR_BACKGROUND' },
  { field: 'textColor', key: 'WIDGETS.COLOR_TEXT' },
];

export const parseDomains = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((s) => s.trim().toLowerCase().replace(/\/+$/, ''))
    .filter(Boolean);

interface Draft {
  name: string;
  texts: Record<string, { title: string; intro: string }>;
  languages: string[];
  style: WidgetStyle;
  domains: string;
}

const draftOf = (w: WidgetDetail): Draft => ({
  name: w.name,
  texts: Object.fromEntries(Object.entries(w.texts).map(([k, v]) => [k, { title: v?.title ?? '', intro: v?.intro ?? '' }])),
  languages: [...w.languages],
  style: { ...w.style },
  domains: w.allowedDomains.join('\n'),
});

/**
 * A widget's own settings: name, the content languages offered (the first is the fallback),
 * title and intro per offered language (a language switch), colours, list or map first, and the sites that
 * may embed it (none = any). One Save sends them all (POST /api/widget/update/{id}).
 */
export function WidgetSettingsForm({
  widget,
  fallbackLanguage,
  change,
  busy,
  offerDefaults,
}: {
  widget: WidgetDetail;
  /** The language texts are written in while the widget offers none (the user's). */
  fallbackLanguage: string;
  change: (c: WidgetChange) => Promise<unknown>;
  busy: boolean;
  /** "Use for new widgets" (businesses with widget v2: only they create widgets). */
  offerDefaults: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const saveDefaults = useSaveWidgetDefaults();
  const [defaultsSaved, setDefaultsSaved] = useState(false);
  const [draft, setDraft] = useState(() => draftOf(widget));
  const [invalid, setInvalid] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const [dirty, setDirty] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDefaultsSaved(false);
    setDirty(true);
    setDraft((d) => ({ ...d, ...patch }));
  };
  // SPEC §4: the menu asks before leaving unsaved changes; "No" drops them (this page's own path)
  const [path] = useState(useCurrentLocation().pathname);
  useUnsavedChanges(path, dirty, () => {
    setDraft(draftOf(widget));
    setInvalid([]);
    setDirty(false);
  });
  const languages = contentLanguages(draft.languages, fallbackLanguage);
  const [chosen, setLang] = useState(languages[0]);
  const lang = languages.includes(chosen) ? chosen : languages[0];
  const text = draft.texts[lang] ?? { title: '', intro: '' };
  const setText = (patch: Partial<{ title: string; intro: string }>) => set({ texts: { ...draft.texts, [lang]: { ...text, ...patch } } });
  const toggleLanguage = (l: string, on: boolean) =>
    set({ languages: on ? [...draft.languages, l] : draft.languages.filter((x) => x !== l) });

  /** The domains typed, or null (and the bad ones shown) when one is not a site. */
  const checkedDomains = (): string[] | null => {
    const domains = parseDomains(draft.domains);
    const bad = domains.filter((d) => !DOMAIN.test(d));
    setInvalid(bad);
    return bad.length > 0 ? null : domains;
  };
  const storeDefaults = async () => {
    const domains = checkedDomains();
    if (!domains) return;
    try {
      await saveDefaults.mutateAsync({ languages: draft.languages, style: draft.style, allowedDomains: domains });
      setDefaultsSaved(true);
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  };

  /** One Save of everything; false when a domain is not a site or the name is empty. */
  const save = async (): Promise<boolean> => {
    const domains = checkedDomains();
    if (!domains || draft.name.trim() === '') return false;
    await change({
      kind: 'update',
      update: {
        name: draft.name,
        texts: draft.texts,
        languages: draft.languages as AppLanguage[],
        style: draft.style,
        allowedDomains: domains,
      },
    });
    setSaved(true);
    setDirty(false);
    return true;
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save();
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  };
  /** Before "Translate to all languages": unsaved settings are saved, so what is translated is what is shown. */
  const saveFirst = async () => {
    if (dirty && !(await save())) throw new Error('the settings cannot be saved');
  };
  // the widget's places as facts for a written intro
  const places = widget.pois.slice(0, 30).map((p) => ({
    name: p.place.name,
    description: p.place.description ?? null,
    address: p.place.address ?? null,
    city: p.place.city ?? null,
  }));

  return (
    <form className="form-section widget-settings" aria-labelledby={`${id}-h`} onSubmit={(e) => void submit(e)} noValidate>
      <h2 id={`${id}-h`}>{t('WIDGETS.SETTINGS')}</h2>
      <TextInput
        label={t('WIDGETS.NAME')}
        value={draft.name}
        onValue={(name) => set({ name })}
        error={draft.name.trim() === '' ? t('FORM.ERROR.REQUIRED') : null}
      />

      <fieldset className="radio-field">
        <legend>{t('WIDGETS.LANGUAGES')}</legend>
        <p className="form-hint">{t('WIDGETS.LANGUAGES_HINT')}</p>
        <div className="language-checks">
          {APP_LANGUAGES.map((l) => (
            <label key={l} className="check-field" lang={l}>
              <input type="checkbox" checked={draft.languages.includes(l)} onChange={(e) => toggleLanguage(l, e.target.checked)} />
              {t(languageNameKey(l))}
            </label>
          ))}
        </div>
      </fieldset>

      <LanguageSwitch languages={languages} value={lang} onChange={setLang} label={t('WIDGETS.TEXT_LANGUAGE')} />
      <TextInput
        label={t('WIDGETS.TITLE_IN', { language: t(languageNameKey(lang)) })}
        value={text.title}
        onValue={(title) => setText({ title })}
      />
      <TextInput
        label={t('WIDGETS.INTRO_IN', { language: t(languageNameKey(lang)) })}
        value={text.intro}
        onValue={(intro) => setText({ intro })}
        rows={3}
      />
      <AiInline
        text={text.intro}
        language={lang}
        kind="widgetIntro"
        places={places}
        maxChars={WIDGET_INTRO_MAX}
        onUse={(intro) => setText({ intro })}
      />
      {languages.length > 1 && (
        <AiTranslateButton
          kind="widget"
          id={widget.id}
          from={lang}
          disabled={busy || (!text.title.trim() && !text.intro.trim())}
          beforeStart={saveFirst}
        />
      )}

      <fieldset className="radio-field">
        <legend>{t('WIDGETS.STYLE')}</legend>
        <div className="color-fields">
          {COLOR_FIELDS.map(({ field, key }) => (
            <label key={field} className="color-field">
              <input
                type="color"
                value={draft.style[field] ?? DEFAULT_COLORS[field]}
                onChange={(e) => set({ style: { ...draft.style, [field]: e.target.value } })}
              />
              {t(key)}
            </label>
          ))}
        </div>
        {(['list', 'map'] as const).map((view) => (
          <label key={view} className="check-field">
            <input
              type="radio"
              name={`${id}-first`}
              checked={(draft.style.firstView ?? 'list') === view}
              onChange={() => set({ style: { ...draft.style, firstView: view } })}
            />
            {t(view === 'list' ? 'WIDGETS.FIRST_LIST' : 'WIDGETS.FIRST_MAP')}
          </label>
        ))}
      </fieldset>

      <TextInput
        label={t('WIDGETS.DOMAINS')}
        value={draft.domains}
        onValue={(domains) => set({ domains })}
        rows={3}
        hint={t('WIDGETS.DOMAINS_HINT')}
        error={invalid.length > 0 ? t('WIDGETS.DOMAINS_INVALID', { domains: invalid.join(', ') }) : null}
      />

      <button type="submit" className="app-button" disabled={busy}>
        {t('WIDGETS.SAVE')}
      </button>
      {saved && <p role="status">{t('WIDGETS.SAVED')}</p>}
      {offerDefaults && (
        <>
          <button
            type="button"
            className="app-button app-button-small app-button-outline"
            disabled={saveDefaults.isPending}
            onClick={() => void storeDefaults()}
          >
            {t('WIDGETS.SAVE_DEFAULTS')}
          </button>
          {defaultsSaved && <p role="status">{t('WIDGETS.DEFAULTS_SAVED')}</p>}
        </>
      )}
    </form>
  );
}
