import '../../../components/widget-pages.css';
import type { WidgetDetail } from '@spotlist/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { CodeSnippet } from '../../../components/code-snippet';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { useAuth } from '../../../lib/auth';
import { useCurrentLocation } from '../../../lib/navigation';
import { withQueryClient } from '../../../lib/query-client';
import { useMyWidget, useWidget } from '../api/widgets';
import { LanguageSwitch } from '../components/language-switch';
import { contentLanguages, WIDGET_PATHS } from '../widget-paths';

/**
 * The snippet a business puts on its site, as the contracts' `embedSnippet` writes it (what
 * apps/embed's loader reads; widgets.test.tsx compares the two): the element naming the widget and
 * its language, and the loader from the frame's origin. Written out here: the contracts' module
 * would be a chunk of its own, named in the first bundle.
 */
export function snippetOf(frameUrl: string, publicId: string, lang: string): string {
  const origin = new URL(frameUrl, location.href).origin;
  return `<div data-spotlist-widget="${publicId}" data-lang="${lang}"></div>\n<script src="${origin}/embed.js" async></script>`;
}

/** The frame's address in one language. */
export function frameSrc(frameUrl: string, lang: string): string {
  const url = new URL(frameUrl, location.href);
  url.searchParams.set('lang', lang);
  // the frame counts no views or opens for the owner's own preview (apps/embed frame-app.tsx)
  url.searchParams.set('preview', '1');
  return url.toString();
}

function Snippet({ widget, lang }: { widget: WidgetDetail; lang: string }) {
  const { t } = useTranslation();
  return (
    <CodeSnippet
      title={t('PREVIEW.SNIPPET')}
      hint={t('PREVIEW.SNIPPET_HINT')}
      code={snippetOf(widget.frameUrl, widget.publicId, lang)}
      rows={3}
      testId="embed-snippet"
    />
  );
}

function Preview({ widget }: { widget: WidgetDetail }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const languages = contentLanguages(widget.languages, user?.language?.key ?? i18n.language);
  const [chosen, setLang] = useState(languages[0]);
  const lang = languages.includes(chosen) ? chosen : languages[0];
  const src = frameSrc(widget.frameUrl, lang);
  // the frames reload when the widget changes (its revision) or the language does
  const key = `${widget.revision}:${lang}`;
  return (
    <>
      <h1>{t('PREVIEW.HEADING', { name: widget.name })}</h1>
      <p className="link-row">
        <AppLink to={widget.version === 1 ? WIDGET_PATHS.v1 : WIDGET_PATHS.detail(widget.id)} mode="back">
          {t('PREVIEW.BACK')}
        </AppLink>
      </p>
      <LanguageSwitch languages={languages} value={lang} onChange={setLang} label={t('PREVIEW.LANGUAGE')} />
      <p className="form-hint">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('PREVIEW.OPEN')}
        </a>
      </p>
      <div className="preview-frames">
        <figure className="preview-phone">
          <iframe key={`p${key}`} src={src} title={t('PREVIEW.PHONE')} width={375} height={667} data-testid="preview-phone" />
          <figcaption>{t('PREVIEW.PHONE')}</figcaption>
        </figure>
        <figure className="preview-desktop">
          <iframe key={`d${key}`} src={src} title={t('PREVIEW.DESKTOP')} height={640} data-testid="preview-desktop" />
          <figcaption>{t('PREVIEW.DESKTOP')}</figcaption>
        </figure>
      </div>
      <Snippet widget={widget} lang={lang} />
    </>
  );
}

const PREVIEW_PATH = '/widget-preview';

/** `?id=` names a widget; without it the v1 widget is shown (WidgetPage's). */
function PreviewOf() {
  const { t } = useTranslation();
  // Ionic keeps a left page mounted: only this page's own address decides which widget it shows
  const current = useCurrentLocation();
  const [search, setSearch] = useState(current.search);
  if (current.pathname === PREVIEW_PATH && current.search !== search) setSearch(current.search);
  const param = Number(new URLSearchParams(search).get('id'));
  const byId = Number.isInteger(param) && param > 0 ? param : undefined;
  const { user } = useAuth();
  const mine = useMyWidget(byId === undefined && user?.widgetv1activated === true);
  const widget = useWidget(byId ?? mine.data);
  if (widget.isError || mine.isError || (byId === undefined && user?.widgetv1activated !== true))
    return <p role="alert">{t('WIDGETS.LOAD_FAILED')}</p>;
  if (!widget.data) return <Skeleton count={3} />;
  return <Preview widget={widget.data} />;
}

/** WidgetPreviewPage (SPEC §2 `widget-preview`): the live widget as visitors see it, per language, phone and desktop, and its snippet. */
function WidgetPreviewPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('PREVIEW.TITLE')} narrow={false}>
      <FlagGate flag="widgetv1activated" anyOf="widgetv2activated">
        <PreviewOf />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(WidgetPreviewPage);
