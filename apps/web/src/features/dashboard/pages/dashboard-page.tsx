import { AccountType } from '@spotlist/contracts';
import { PageLayout } from '../../../components/layout/page-layout';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { useAuth } from '../../../lib/auth';
import { withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { useLocation } from '../../../lib/use-location';
import { useBusinessDashboard } from '../api/dashboard-queries';
import { GuestAppCard, NextSteps, WeekStats, WidgetsCard } from '../components/business-sections';
import { Discover, MyLists, NearYou, Recently } from '../components/personal-sections';
import '../dashboard.css';

/** A private user's or blogger's first page: their places near them, lists, latest activity, places to discover. */
function PersonalDashboard() {
  const location = useLocation();
  return (
    <div className="dashboard-grid">
      <NearYou location={location} />
      <MyLists />
      <Recently location={location} />
      <Discover location={location} />
    </div>
  );
}

/** A business's first page: this week's numbers, its widgets, the guest app and what is left to set up. */
function BusinessDashboardView() {
  const { user } = useAuth();
  const query = useBusinessDashboard(true);
  if (!user) return null;
  return (
    <div className="dashboard-grid">
      <NextSteps user={user} data={query.data} />
      <WeekStats query={query} data={query.data} />
      <WidgetsCard user={user} query={query} data={query.data} />
      <GuestAppCard user={user} query={query} data={query.data} />
    </div>
  );
}

/**
 * DashboardPage (SPEC §2): the greeting and what each account type looks at first (the menu
 * holds the way to every page; each section links to its own full page).
 */
function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <PageLayout title={t('DASHBOARD.TITLE')} narrow={false}>
      {user && (
        <>
          <h1>{t('DASHBOARD.GREETING', { name: user.nickname.value || user.email })}</h1>
          <p className="form-hint">
            {t('DASHBOARD.ACCOUNT_TYPE')}: <strong>{t(accountTypeLabelKey(user.accountType.id))}</strong>
          </p>
          {user.accountType.id === AccountType.business ? <BusinessDashboardView /> : <PersonalDashboard />}
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(DashboardPage);
