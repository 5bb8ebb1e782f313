import { useTranslation } from '../../../lib/translator';
import { Icon } from '../../../components/icon';
import { PageLayout } from '../../../components/layout/page-layout';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { useAppMenu } from '../../../lib/app-menu';
import { useAuth } from '../../../lib/auth';

/** Entries that make no sense as dashboard entry points. */
const NOT_ENTRY_POINTS = new Set(['dashboard', 'logout']);

/**
 * The greeting, the account type and entry points to what exists: the menu's entries for this
 * user (app/menu.ts decides, the dashboard only lists them).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const entries = useAppMenu().filter((item) => !NOT_ENTRY_POINTS.has(item.id));
  return (
    <PageLayout title={t('DASHBOARD.TITLE')}>
      {user && (
        <>
          <h1>{t('DASHBOARD.GREETING', { name: user.nickname.value || user.email })}</h1>
          <p>
            {t('DASHBOARD.ACCOUNT_TYPE')}: <strong>{t(accountTypeLabelKey(user.accountType.id))}</strong>
          </p>
        </>
      )}
      {entries.length > 0 && (
        <section aria-labelledby="dashboard-entries">
          <h2 id="dashboard-entries">{t('DASHBOARD.ENTRIES')}</h2>
          <ul className="entry-list">
            {entries.map((item) => (
              <li key={item.id}>
                <button type="button" className="entry-button" onClick={item.select}>
                  <Icon icon={item.icon} />
                  <span>{t(item.titleKey)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </PageLayout>
  );
}
