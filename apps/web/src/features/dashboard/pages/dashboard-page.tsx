import { useTranslation } from 'react-i18next';
import { Icon } from '../../../components/icon';
import { PageLayout } from '../../../components/layout/page-layout';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { useAppMenu } from '../../../lib/app-menu';
import { useAuth } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { LIST_ICON, MAP_ICON } from '../entry-icons';

/** lib/place-paths.ts values, written out: that module belongs to the places chunk (vite.config.ts). */
const PLACES_MAP_PATH = '/widget-marked-mylike-map';
const LISTS_PATH = '/lists';

/** Entries that make no sense as dashboard entry points. */
const NOT_ENTRY_POINTS = new Set(['dashboard', 'logout']);

/**
 * The greeting, the account type and entry points to what exists: the menu's entries for this
 * user (app/menu.ts decides, the dashboard only lists them).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const navigate = useAppNavigate();
  const menuEntries = useAppMenu().filter((item) => !NOT_ENTRY_POINTS.has(item.id));
  // The places map and the lists have no menu entry of their own (each entry weighs on the first
  // bundle): the dashboard offers them next to "My places".
  const places = menuEntries.findIndex((item) => item.id === 'widget-marked-mylike');
  const entries =
    places < 0
      ? menuEntries
      : [
          ...menuEntries.slice(0, places + 1),
          { id: 'places-map', titleKey: 'PLACES.MAP_TITLE', icon: MAP_ICON, select: () => navigate(PLACES_MAP_PATH) },
          { id: 'lists', titleKey: 'LISTS.TITLE', icon: LIST_ICON, select: () => navigate(LISTS_PATH) },
          ...menuEntries.slice(places + 1),
        ];
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
