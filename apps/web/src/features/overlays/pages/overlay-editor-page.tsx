import '../../../components/widget-pages.css';
import '../../../components/tab-strip.css';
import '../overlays.css';
import type { OverlayView } from '@spotlist/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { leaveGuarded } from '../../../lib/leave-guard';
import { useAppNavigate, useCurrentLocation } from '../../../lib/navigation';
import { withQueryClient } from '../../../lib/query-client';
import { useUnsavedChanges } from '../../../lib/use-unsaved-changes';
import { languageNameKey } from '../../../lib/language';
import { useOfferedLanguages, useOverlays } from '../api/overlays';
import { ContentEditor } from '../components/content-editor';
import { StateBadge } from '../components/language-grid';
import { OverlayAnalytics } from '../components/overlay-analytics';
import { SettingsForm } from '../components/settings-form';
import { cellState, gridLanguages, OVERLAY_PATHS, OVERLAY_TABS, TAB_KEYS, type OverlayTab } from '../overlay-paths';

/** The parts of the page that may hold unsaved changes, and how each drops them. */
type Part = 'content' | 'settings';

function Editor({ overlay, offered, lang, tab }: { overlay: OverlayView; offered: string[]; lang: string; tab: OverlayTab }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const path = OVERLAY_PATHS.editor(overlay.id).split('?')[0];
  // SPEC §4: the content and the settings each report whether they hold unsaved changes
  const discards = useRef(new Map<Part, () => void>());
  const [dirty, setDirty] = useState<ReadonlySet<Part>>(new Set());
  const reporter = useCallback(
    (part: Part) => (isDirty: boolean, discard: () => void) => {
      discards.current.set(part, discard);
      setDirty((d) => {
        if (d.has(part) === isDirty) return d;
        const next = new Set(d);
        if (isDirty) next.add(part);
        else next.delete(part);
        return next;
      });
    },
    [],
  );
  const onContentDirty = useMemo(() => reporter('content'), [reporter]);
  const onSettingsDirty = useMemo(() => reporter('settings'), [reporter]);
  useUnsavedChanges(path, dirty.size > 0, () => {
    for (const part of dirty) discards.current.get(part)?.();
  });
  // the [analytics] tab loads uPlot: only once it was opened
  const [seenAnalytics, setSeenAnalytics] = useState(tab === 'analytics');
  if (tab === 'analytics' && !seenAnalytics) setSeenAnalytics(true);

  const languages = gridLanguages(offered, [overlay]);
  // another language replaces the language's editor: unsaved text there is asked about first
  const toLanguage = (l: string) =>
    dirty.has('content')
      ? leaveGuarded(path, () => navigate(OVERLAY_PATHS.editor(overlay.id, l), 'root'), t)
      : navigate(OVERLAY_PATHS.editor(overlay.id, l), 'root');
  return (
    <>
      <h1>{overlay.name}</h1>
      <nav className="tab-strip overlay-tabs" aria-label={t('OVERLAYS.SECTIONS')}>
        {OVERLAY_TABS.map((x) => (
          <AppLink
            key={x}
            to={OVERLAY_PATHS.editor(overlay.id, lang, x)}
            mode="root"
            className="tab-pill"
            aria-current={x === tab ? 'page' : undefined}
          >
            {t(TAB_KEYS[x])}
          </AppLink>
        ))}
      </nav>
      <div hidden={tab !== 'content'}>
        <div className="overlay-languages" role="group" aria-label={t('OVERLAYS.LANGUAGES')}>
          {languages.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              className={l === lang ? 'overlay-language overlay-language-current' : 'overlay-language'}
              aria-pressed={l === lang}
              onClick={() => l !== lang && toLanguage(l)}
            >
              <span className="overlay-language-name">{t(languageNameKey(l))}</span>
              <StateBadge state={cellState(overlay, l)} />
            </button>
          ))}
        </div>
        <ContentEditor
          key={lang}
          overlay={overlay}
          lang={lang}
          onDirty={onContentDirty}
          onDeleted={(whole) => navigate(whole ? OVERLAY_PATHS.list : OVERLAY_PATHS.editor(overlay.id), 'root')}
        />
      </div>
      <div hidden={tab !== 'settings'}>
        <SettingsForm key={overlay.updatedAt} overlay={overlay} offered={offered} onDirty={onSettingsDirty} />
      </div>
      {seenAnalytics && (
        <div hidden={tab !== 'analytics'}>
          <OverlayAnalytics overlayId={overlay.id} />
        </div>
      )}
    </>
  );
}

function Loaded({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const { search } = useCurrentLocation();
  const overlays = useOverlays();
  const languages = useOfferedLanguages();
  if (overlays.isError || languages.isError) return <p role="alert">{t('OVERLAYS.LOAD_FAILED')}</p>;
  if (!overlays.data || !languages.data) return <Skeleton count={3} />;
  const overlay = overlays.data.list.find((o) => o.id === id);
  if (!overlay) return <p role="alert">{t('ERROR.error.overlay.notfound')}</p>;
  const q = new URLSearchParams(search);
  const all = gridLanguages(languages.data, [overlay]);
  const wanted = q.get('lang') ?? '';
  // the language asked for, else the first the overlay has, else the page's
  const lang = all.includes(wanted) ? wanted : (overlay.languages[0]?.language ?? all[0] ?? i18n.language);
  const tab = (OVERLAY_TABS as readonly string[]).includes(q.get('tab') ?? '') ? (q.get('tab') as OverlayTab) : 'content';
  return <Editor overlay={overlay} offered={languages.data} lang={lang} tab={tab} />;
}

/** The overlay editor (`overlay-manager/:id`, overlayactivated): one overlay's languages, settings and analytics. */
function OverlayEditorPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <PageLayout title={t('MENU.OVERLAY_MANAGER')} narrow={false}>
      <FlagGate flag="overlayactivated">
        <p className="link-row">
          <AppLink to={OVERLAY_PATHS.list} mode="back">
            {t('OVERLAYS.BACK_TO_LIST')}
          </AppLink>
        </p>
        {Number.isInteger(id) && id > 0 ? <Loaded id={id} /> : <p role="alert">{t('ERROR.error.overlay.notfound')}</p>}
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(OverlayEditorPage);
