import '../../../components/widget-pages.css';
import '../overlays.css';
import { OVERLAY_FORMATS, type OverlayFormat } from '@spotlist/contracts';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../lib/translator';
import { EmptyState } from '../../../components/empty-state';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { PlainSelect } from '../../../components/plain-select';
import { useAuth } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { withQueryClient } from '../../../lib/query-client';
import { languageNameKey } from '../../../lib/language';
import { useCreateOverlay, useOfferedLanguages, useOverlays } from '../api/overlays';
import { LanguageGrid } from '../components/language-grid';
import { SiteSnippet } from '../components/site-snippet';
import { newOverlay } from '../overlay-defaults';
import { FORMAT_KEYS, OVERLAY_PATHS } from '../overlay-paths';

function CreateOverlay({ offered, formRef }: { offered: string[]; formRef: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const create = useCreateOverlay();
  const id = useId();
  const [name, setName] = useState('');
  const [format, setFormat] = useState<OverlayFormat>('modal');
  const [lang, setLang] = useState(offered[0] ?? 'en');
  const language = offered.includes(lang) ? lang : (offered[0] ?? 'en');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(newOverlay(name.trim(), format, language), {
      onSuccess: (o) => {
        setName('');
        navigate(OVERLAY_PATHS.editor(o.id, language));
      },
    });
  };
  return (
    <form ref={formRef} className="form-section" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('OVERLAYS.CREATE')}</h2>
      <p className="form-hint">{t('OVERLAYS.CREATE_HINT')}</p>
      <TextInput label={t('OVERLAYS.NAME')} hint={t('OVERLAYS.NAME_HINT')} value={name} onValue={setName} />
      <div className="overlay-create-row">
        <PlainSelect
          label={t('OVERLAYS.FORMAT')}
          value={format}
          onValue={setFormat}
          options={OVERLAY_FORMATS.map((f) => ({ value: f, label: t(FORMAT_KEYS[f]) }))}
        />
        <PlainSelect
          label={t('OVERLAYS.FIRST_LANGUAGE')}
          value={language}
          onValue={setLang}
          options={offered.map((l) => ({ value: l, label: t(languageNameKey(l)), lang: l }))}
        />
      </div>
      <button type="submit" className="app-button" disabled={create.isPending || !name.trim()}>
        {t('OVERLAYS.CREATE_SUBMIT')}
      </button>
    </form>
  );
}

function Overlays() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const overlays = useOverlays();
  const languages = useOfferedLanguages();
  const form = useRef<HTMLFormElement>(null);
  const offered = languages.data ?? [user?.language?.key ?? i18n.language];
  return (
    <>
      <h1>{t('MENU.OVERLAY_MANAGER')}</h1>
      <p className="form-hint overlay-intro">{t('OVERLAYS.INTRO')}</p>
      {(overlays.isError || languages.isError) && <p role="alert">{t('OVERLAYS.LOAD_FAILED')}</p>}
      {(overlays.isPending || languages.isPending) && <Skeleton count={2} />}
      {overlays.data &&
        languages.data &&
        (overlays.data.list.length === 0 ? (
          <EmptyState
            text={t('OVERLAYS.NONE')}
            action={
              <button type="button" className="app-button" onClick={() => form.current?.querySelector('input')?.focus()}>
                {t('OVERLAYS.CREATE')}
              </button>
            }
          />
        ) : (
          <>
            <LanguageGrid overlays={overlays.data.list} offered={offered} />
            <SiteSnippet publicId={overlays.data.publicId} />
          </>
        ))}
      {languages.data && <CreateOverlay offered={offered} formRef={form} />}
    </>
  );
}

/** OverlayManagerPage (SPEC §2 `overlay-manager`, overlayactivated): the business's overlays by language and state; new ones. */
function OverlayManagerPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('MENU.OVERLAY_MANAGER')} narrow={false}>
      <FlagGate flag="overlayactivated">
        <Overlays />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(OverlayManagerPage);
