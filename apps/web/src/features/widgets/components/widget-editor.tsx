import type { WidgetDetail } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { useAuth } from '../../../lib/auth';
import { useChangeWidget, useSetWidget } from '../api/widgets';
import { contentLanguages, WIDGET_PATHS } from '../widget-paths';
import { AddPoi } from './add-poi';
import { PoiList } from './poi-list';
import { WidgetAnalytics } from './widget-analytics';
import { WidgetSettingsForm } from './widget-settings-form';

/** One widget (WidgetPage v1 and WidgetDetailPage v2): its settings, POIs, new POIs and analytics. */
export function WidgetEditor({ widget }: { widget: WidgetDetail }) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const change = useChangeWidget(widget.id);
  const setWidget = useSetWidget(widget.id);
  const fallback = user?.language?.key ?? i18n.language;
  const languages = contentLanguages(widget.languages, fallback);
  const send = (c: Parameters<typeof change.mutateAsync>[0]) => change.mutateAsync(c);
  return (
    <>
      <h1>{widget.name}</h1>
      <p className="row-actions">
        <AppLink to={WIDGET_PATHS.preview(widget.id)} className="app-button app-button-small app-button-outline">
          {t('WIDGETS.PREVIEW')}
        </AppLink>
        <span className="form-hint">{t('WIDGETS.POI_COUNT', { count: widget.pois.length })}</span>
      </p>
      <WidgetSettingsForm
        key={widget.id}
        widget={widget}
        fallbackLanguage={fallback}
        change={send}
        busy={change.isPending}
        offerDefaults={user?.widgetv2activated === true}
      />
      <PoiList widget={widget} languages={languages} change={send} busy={change.isPending} onUploaded={setWidget} />
      <AddPoi widget={widget} change={send} busy={change.isPending} />
      <WidgetAnalytics widgetId={widget.id} />
    </>
  );
}
