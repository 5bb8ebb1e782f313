import { useTranslation } from '../../lib/translator';
import { PageLayout } from '../../components/layout/page-layout';

/** Replaces a page whose code could not be loaded (SPEC §8): offers a reload. */
export function ChunkErrorPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('APP.NAME')}>
      <h1>{t('CHUNK.TITLE')}</h1>
      <p>{t('CHUNK.MESSAGE')}</p>
      <button type="button" className="app-button" onClick={() => window.location.reload()}>
        {t('CHUNK.RELOAD')}
      </button>
    </PageLayout>
  );
}
