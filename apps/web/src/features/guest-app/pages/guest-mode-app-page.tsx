import '../../../components/widget-pages.css';
import { APP_LANGUAGES, type GuestAppView } from '@spotlist/contracts';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { useAuth } from '../../../lib/auth';
import { useCurrentLocation } from '../../../lib/navigation';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { withQueryClient } from '../../../lib/query-client';
import { downloadQr, fetchQr, useGuestApp, useOwnLists, useOwnWidgets, useSaveGuestApp } from '../api/guest-app';

type Contact = { phone: string; email: string; website: string; address: string; hours: string };
const CONTACT_FIELDS: { field: keyof Contact; key: string }[] = [
  { field: 'phone', key: 'GUEST_APP.PHONE' },
  { field: 'email', key: 'FORM.EMAIL' },
  { field: 'website', key: 'GUEST_APP.WEBSITE' },
  { field: 'address', key: 'GUEST_APP.ADDRESS' },
  { field: 'hours', key: 'GUEST_APP.HOURS' },
];

interface Draft {
  welcome: Record<string, { title: string; text: string }>;
  widgetIds: number[];
  listIds: number[];
  contact: Contact;
  units: string;
  enabled: boolean;
}

const draftOf = (app: GuestAppView): Draft => ({
  welcome: Object.fromEntries(Object.entries(app.welcome).map(([k, v]) => [k, { title: v?.title ?? '', text: v?.text ?? '' }])),
  widgetIds: [...app.widgetIds],
  listIds: [...app.listIds],
  contact: { phone: '', email: '', website: '', address: '', hours: '', ...app.contact },
  units: app.units.join('\n'),
  enabled: app.enabled,
});

export const parseUnits = (text: string): string[] => [
  ...new Set(
    text
      .split('\n')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

const toggled = (ids: number[], id: number, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

/** One guest link with its QR code (read through the api client: it needs the token) and downloads. */
function GuestLink({ unit, url }: { unit: string | null; url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let objectUrl: string | null = null;
    let live = true;
    fetchQr(unit, 'svg')
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setSrc(objectUrl);
      })
      .catch(() => undefined); // the api client reported it (toast); the downloads stay offered
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [unit, url]);
  const label = unit ?? t('GUEST_APP.MAIN_LINK');
  return (
    <li className="guest-link" data-testid="guest-link">
      <strong>{label}</strong>
      <a href={url} target="_blank" rel="noopener noreferrer">
        {url}
      </a>
      {src && <img src={src} alt={t('GUEST_APP.QR_OF', { name: label })} width={160} height={160} className="guest-qr" />}
      <span className="row-actions">
        {(['png', 'svg'] as const).map((format) => (
          <button
            key={format}
            type="button"
            className="app-button app-button-small app-button-outline"
            onClick={() => void downloadQr(unit, format).catch(() => undefined)}
          >
            {/* the name starts with the words shown (WCAG 2.5.3 label in name); the hidden part says which link */}
            {t('GUEST_APP.DOWNLOAD', { format: format.toUpperCase() })} <span className="visually-hidden">– {label}</span>
          </button>
        ))}
      </span>
    </li>
  );
}

function GuestAppForm({ app }: { app: GuestAppView }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const { user } = useAuth();
  const widgetFlag = user?.widgetv1activated === true || user?.widgetv2activated === true;
  const widgets = useOwnWidgets(widgetFlag);
  const lists = useOwnLists();
  const save = useSaveGuestApp();
  const [draft, setDraft] = useState(() => draftOf(app));
  const [saved, setSaved] = useState(false);
  const [lang, setLang] = useState<string>(() => {
    const own = Object.keys(app.welcome);
    return own[0] ?? user?.language?.key ?? i18n.language;
  });
  const [dirty, setDirty] = useState(false);
  const set = (patch: Partial<Draft>) => {
    setSaved(false);
    setDirty(true);
    setDraft((d) => ({ ...d, ...patch }));
  };
  // SPEC §4: the menu asks before leaving unsaved changes; "No" drops them
  const [path] = useState(useCurrentLocation().pathname);
  useUnsavedChanges(path, dirty, () => {
    setDraft(draftOf(app));
    setDirty(false);
  });
  const welcome = draft.welcome[lang] ?? { title: '', text: '' };
  const setWelcome = (patch: Partial<{ title: string; text: string }>) =>
    set({ welcome: { ...draft.welcome, [lang]: { ...welcome, ...patch } } });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({
        welcome: draft.welcome as never,
        widgetIds: draft.widgetIds,
        listIds: draft.listIds,
        contact: draft.contact,
        units: parseUnits(draft.units),
        enabled: draft.enabled,
      });
      setSaved(true);
      setDirty(false);
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  };

  return (
    <>
      <section className="form-section" aria-labelledby={`${id}-links`}>
        <h2 id={`${id}-links`}>{t('GUEST_APP.LINKS')}</h2>
        <p className="form-hint">{t('GUEST_APP.LINKS_HINT')}</p>
        <ul className="guest-links">
          {app.links.map((link) => (
            <GuestLink key={link.unit ?? ''} unit={link.unit} url={link.url} />
          ))}
        </ul>
      </section>

      <form className="form-section" aria-labelledby={`${id}-h`} onSubmit={(e) => void submit(e)} noValidate>
        <h2 id={`${id}-h`}>{t('GUEST_APP.SETTINGS')}</h2>
        <label className="check-field">
          <input type="checkbox" checked={draft.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
          {t('GUEST_APP.ENABLED')}
        </label>

        <fieldset className="radio-field">
          <legend>{t('GUEST_APP.WELCOME')}</legend>
          <div className="select-field">
            <label htmlFor={`${id}-lang`}>{t('GUEST_APP.WELCOME_LANGUAGE')}</label>
            <select id={`${id}-lang`} className="native-select" value={lang} onChange={(e) => setLang(e.target.value)}>
              {APP_LANGUAGES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {t(`LANGUAGE.${l.toUpperCase()}`)}
                  {draft.welcome[l]?.title || draft.welcome[l]?.text ? ' ✓' : ''}
                </option>
              ))}
            </select>
          </div>
          <TextInput label={t('GUEST_APP.WELCOME_TITLE')} value={welcome.title} onValue={(title) => setWelcome({ title })} />
          <TextInput label={t('GUEST_APP.WELCOME_TEXT')} value={welcome.text} onValue={(text) => setWelcome({ text })} rows={4} />
        </fieldset>

        <fieldset className="radio-field">
          <legend>{t('GUEST_APP.WIDGETS')}</legend>
          {!widgetFlag || (widgets.data && widgets.data.length === 0) ? (
            <EmptyState
              compact
              text={t('GUEST_APP.NO_WIDGETS')}
              action={
                widgetFlag && (
                  <AppLink to={user?.widgetv2activated ? '/widget-list' : '/widget'} className="app-button app-button-small">
                    {t('GUEST_APP.CREATE_WIDGET')}
                  </AppLink>
                )
              }
            />
          ) : (
            widgets.data?.map((w) => (
              <label key={w.id} className="check-field">
                <input
                  type="checkbox"
                  checked={draft.widgetIds.includes(w.id)}
                  onChange={(e) => set({ widgetIds: toggled(draft.widgetIds, w.id, e.target.checked) })}
                />
                {w.name}
              </label>
            ))
          )}
        </fieldset>

        <fieldset className="radio-field">
          <legend>{t('GUEST_APP.LISTS')}</legend>
          {lists.data && lists.data.length === 0 && (
            <EmptyState
              compact
              text={t('GUEST_APP.NO_LISTS')}
              action={
                <AppLink to="/lists" className="app-button app-button-small">
                  {t('GUEST_APP.CREATE_LIST')}
                </AppLink>
              }
            />
          )}
          {lists.data?.map((l) => (
            <label key={l.id} className="check-field">
              <input
                type="checkbox"
                checked={draft.listIds.includes(l.id)}
                onChange={(e) => set({ listIds: toggled(draft.listIds, l.id, e.target.checked) })}
              />
              {l.name}
            </label>
          ))}
        </fieldset>

        <fieldset className="radio-field">
          <legend>{t('GUEST_APP.CONTACT')}</legend>
          {CONTACT_FIELDS.map(({ field, key }) => (
            <TextInput
              key={field}
              label={t(key)}
              value={draft.contact[field]}
              onValue={(v) => set({ contact: { ...draft.contact, [field]: v } })}
            />
          ))}
        </fieldset>

        <TextInput
          label={t('GUEST_APP.UNITS')}
          value={draft.units}
          onValue={(units) => set({ units })}
          rows={4}
          hint={t('GUEST_APP.UNITS_HINT')}
        />

        <button type="submit" className="app-button" disabled={save.isPending}>
          {t('GUEST_APP.SAVE')}
        </button>
        {saved && <p role="status">{t('GUEST_APP.SAVED')}</p>}
      </form>
    </>
  );
}

function GuestApp() {
  const { t } = useTranslation();
  const app = useGuestApp();
  if (app.isError) return <p role="alert">{t('GUEST_APP.LOAD_FAILED')}</p>;
  if (!app.data) return <p className="form-hint">{t('COMMON.LOADING')}</p>;
  return <GuestAppForm key={app.data.id} app={app.data} />;
}

/**
 * GuestModeAppPage (SPEC §2 `guest-mode-app`, hasGuest): the guest app's welcome text per
 * language, the widgets and lists guests see, contact details, rooms or tables; the guest link
 * `/g/{publicId}` (one per room or table) with QR codes as PNG and SVG.
 */
function GuestModeAppPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('MENU.GUEST_MODE_APP')}>
      <FlagGate flag="hasGuest">
        <h1>{t('GUEST_APP.HEADING')}</h1>
        <GuestApp />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(GuestModeAppPage);
