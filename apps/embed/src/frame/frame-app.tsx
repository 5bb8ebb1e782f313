import type { WidgetEvent } from '@spotlist/contracts';
import { useEffect, useRef } from 'preact/hooks';
import { getWidget, publicIdFromPath, sendEvent } from '../lib/api.ts';
import { translator, uiLanguage } from '../lib/i18n.ts';
import { useLikes } from '../lib/use-likes.ts';
import { Collection } from '../components/collection.tsx';
import { applyStyle, LanguageSelect, PendingPage, useLocalized } from '../components/shell.tsx';
import { PageOverlays } from '../overlay/page-overlays.tsx';
import { useShuttleEntry } from '../shuttle/entry.ts';

/**
 * The widget: title, intro and its places, and the business's overlays over it; one `view` event
 * per load. Opened by the business's own preview (`?preview`, the web app's widget preview page)
 * it counts nothing and shows no overlay: the owner looking at its widget is not a visitor.
 */
export function FrameApp({ path = location.pathname, search = location.search }: { path?: string; search?: string }) {
  const publicId = publicIdFromPath(path);
  const counted = !new URLSearchParams(search).has('preview');
  const count = (event: WidgetEvent, placeId?: number) => {
    if (counted && publicId) sendEvent(publicId, event, placeId);
  };
  const { lang, setLang, state, retry } = useLocalized(
    (l) => (publicId ? getWidget(publicId, l) : Promise.reject(new Error('no id'))),
    search,
  );
  const likes = useLikes(publicId ? { widget: publicId } : undefined);
  const viewedRef = useRef(false);
  const shuttle = useShuttleEntry('widget', publicId);
  const widget = state.status === 'ready' ? state.data : null;
  const t = translator(uiLanguage(widget?.language ?? lang));

  useEffect(() => {
    if (!widget) return;
    applyStyle(widget.style);
    document.documentElement.lang = widget.language;
    document.title = widget.title || 'Spotlist';
    if (!viewedRef.current) {
      viewedRef.current = true;
      if (counted && publicId) sendEvent(publicId, 'view');
    }
  }, [widget, publicId, counted]);

  if (!widget) return <PendingPage class="sl-page" failed={state.status === 'error'} canRetry={!!publicId} retry={retry} t={t} />;
  const Shuttle = shuttle.ready?.module;
  if (shuttle.open && Shuttle && publicId)
    return (
      <main class="sl-page">
        <Shuttle.ShuttleView
          source={{ kind: 'widget', publicId }}
          lang={uiLanguage(widget.language)}
          initial={shuttle.ready!.initial}
          onClose={shuttle.closeView}
        />
      </main>
    );
  return (
    <main class="sl-page">
      <header class="sl-header">
        <h1>{widget.title}</h1>
        <LanguageSelect value={widget.language} languages={widget.languages} onChange={setLang} t={t} />
      </header>
      {widget.intro && <p class="sl-text">{widget.intro}</p>}
      {Shuttle && <Shuttle.ShuttleButton lang={uiLanguage(widget.language)} onOpen={shuttle.openView} />}
      {likes.failed && (
        <p class="sl-note sl-error" role="alert">
          {t('error')}
        </p>
      )}
      <Collection pois={widget.pois} t={t} likes={likes} widget={publicId!} firstView={widget.style.firstView} onEvent={count} />
      <PageOverlays site={counted ? widget.overlaySite : null} where={`widget:${publicId}`} lang={widget.language} />
    </main>
  );
}
