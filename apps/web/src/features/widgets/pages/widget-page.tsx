import '../../../components/widget-pages.css';
import { useTranslation } from '../../../lib/translator';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { withQueryClient } from '../../../lib/query-client';
import { useMyWidget, useWidget } from '../api/widgets';
import { WidgetEditor } from '../components/widget-editor';

function MyWidget() {
  const { t } = useTranslation();
  const mine = useMyWidget();
  const widget = useWidget(mine.data);
  if (mine.isError || widget.isError) return <p role="alert">{t('WIDGETS.LOAD_FAILED')}</p>;
  if (!widget.data) return <Skeleton count={3} />;
  return <WidgetEditor widget={widget.data} />;
}

/** WidgetPage (SPEC §2, widgetv1activated): the business's one widget (POST /api/widget/mine gets or creates it). */
function WidgetPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('MENU.WIDGET')}>
      <FlagGate flag="widgetv1activated">
        <MyWidget />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(WidgetPage);
