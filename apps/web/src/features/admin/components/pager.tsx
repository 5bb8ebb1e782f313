import { useTranslation } from '../../../lib/translator';

/** Previous and next page of a console list, with where the reader is. */
export function Pager({ page, total, size, onPage }: { page: number; total: number; size: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1) return null;
  return (
    <nav className="console-pager" aria-label={t('CONSOLE.PAGES')}>
      <button
        type="button"
        className="app-button app-button-outline app-button-small"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        {t('CONSOLE.PREVIOUS')}
      </button>
      <span>{t('CONSOLE.PAGE_OF', { page: page + 1, pages })}</span>
      <button
        type="button"
        className="app-button app-button-outline app-button-small"
        disabled={page + 1 >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('CONSOLE.NEXT')}
      </button>
    </nav>
  );
}
