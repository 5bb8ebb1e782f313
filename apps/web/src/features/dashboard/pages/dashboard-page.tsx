import { AccountType, type User } from '@spotlist/contracts';
import { useDeferredValue, useState } from 'react';
import { PageLayout } from '../../../components/layout/page-layout';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { useAuth } from '../../../lib/auth';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { getKnownLocation } from '../../../lib/geolocation';
import { useLocation } from '../../../lib/use-location';
import {
  businessDashboardQuery,
  likedPlacesQuery,
  myListsQuery,
  useBusinessDashboard,
  useLikedPlaces,
  useMyLists,
} from '../api/dashboard-queries';
import { GuestAppCard, NextSteps, WeekStats, WidgetsCard } from '../components/business-sections';
import { Discover, MyLists, NearYou, Recently } from '../components/personal-sections';
import { SkeletonRows } from '../components/section-card';
import '../dashboard.css';

/**
 * The grid's shape until the answers its sections share are in: the cards then come all at once,
 * each already as tall as its content, so nothing on the page moves as they load (CLS 0; a card
 * that shrank or grew after its own answer pushed the ones below). The cards' own skeletons are
 * for a section loaded again later.
 */
function DashboardLoading({ cards }: { cards: number }) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-grid" role="status" aria-label={t('COMMON.LOADING')}>
      {Array.from({ length: cards }, (_, i) => (
        <div key={i} className="card" aria-hidden="true">
          <span className="skeleton-line dashboard-skeleton-heading" />
          <SkeletonRows />
        </div>
      ))}
    </div>
  );
}

/**
 * True from the first render at which `settled` was: once shown, the grid stays (a section read
 * again, say by its retry, shows its own skeleton in place).
 */
function useSettledOnce(settled: boolean): boolean {
  const [once, setOnce] = useState(settled);
  if (settled && !once) setOnce(true);
  // the grid mounts at transition priority, in slices (lib/use-deferred-answer.ts says why)
  return useDeferredValue(once || settled, false);
}

/** A private user's or blogger's first page: their places near them, lists, latest activity, places to discover. */
function PersonalDashboard() {
  const location = useLocation();
  // the answers Near you, My lists and Recently are made of (the sections read them from the cache)
  const likes = useLikedPlaces(location);
  const lists = useMyLists();
  if (!useSettledOnce(!likes.isPending && !lists.isPending)) return <DashboardLoading cards={4} />;
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
  if (!useSettledOnce(!query.isPending)) return <DashboardLoading cards={3} />;
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

/** The answers the grid waits for, asked for at start (app/lazy-page.tsx `PageModule`). */
export function prefetch(_params: unknown, user: User): void {
  if (user.accountType.id === AccountType.business) {
    void queryClient.prefetchQuery(businessDashboardQuery());
    return;
  }
  void queryClient.prefetchQuery(likedPlacesQuery(getKnownLocation()));
  void queryClient.prefetchQuery(myListsQuery());
}
