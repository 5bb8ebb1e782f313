import { useTranslation } from '../lib/translator';
import { PageLayout } from '../components/layout/page-layout';
import { NotFound } from '../components/not-found';

/** Any address the app has no page for (a mistyped link, a page not built yet): says so instead of redirecting. */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('NOTFOUND.TITLE')}>
      <NotFound />
    </PageLayout>
  );
}
