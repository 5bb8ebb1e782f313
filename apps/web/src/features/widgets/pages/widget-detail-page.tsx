import '../../../components/widget-pages.css';
import { useTranslation } from '../../../lib/translator';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../../components/app-link';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { withQueryClient } from '../../../lib/query-client';
import { useWidget } from '../api/widgets';
import { WidgetEditor } from '../components/widget-editor';
import { WIDGET_PATHS } from '../widget-paths';

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const widget = useWidget(id);
  if (widget.isError) return <p role="alert">{t('WIDGETS.LOAD_FAILED')}</p>;
  if (!widget.data) return <Skeleton count={3} />;
  return <WidgetEditor widget={widget.data} />;
}

/** WidgetDetailPage (SPEC §2 `widget-detail/:id`, widgetv2activated): one of the business's widgets. */
function WidgetDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <PageLayout title={t('WIDGETS.TITLE_DETAIL')}>
      <FlagGate flag="widgetv2activated">
        <p className="link-row">
          <AppLink to={WIDGET_PATHS.list} mode="back">
            {t('WIDGETS.BACK_TO_LIST')}
          </AppLink>
        </p>
        {Number.isInteger(id) && id > 0 ? <Detail id={id} /> : <p role="alert">{t('WIDGETS.LOAD_FAILED')}</p>}
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(WidgetDetailPage);
