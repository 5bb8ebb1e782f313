import { RelationCategory, type RelationCounts, type RelationRow } from '@spotlist/contracts';
import { useRef, useState, type KeyboardEvent } from 'react';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { PATHS } from '../../../lib/paths';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { useStartConversation } from '../../../lib/start-conversation';
import { useTranslation } from '../../../lib/translator';
import {
  countsQuery,
  relationsKey,
  getRelations,
  useRelationChange,
  useRelationCounts,
  useRelationList,
  useRemoveRelations,
  type RelationListFilter,
} from '../api/relations';
import { GroupsPanel } from '../components/groups-panel';
import { PersonCard } from '../components/person-card';
import '../../../components/card.css';
import '../../../components/tab-strip.css';
import '../people.css';

type TabId = 'friends' | 'followers' | 'following' | 'groups' | 'pending' | 'nomatch' | 'blocked';

interface Tab {
  id: TabId;
  labelKey: string;
  count: keyof RelationCounts;
  /** The rows the tab lists (the groups tab has its own). */
  filter?: RelationListFilter;
  emptyKey: string;
}

const TABS: readonly Tab[] = [
  { id: 'friends', labelKey: 'PEOPLE.TAB_FRIENDS', count: 'friends', filter: { type: 'friend' }, emptyKey: 'PEOPLE.EMPTY_FRIENDS' },
  {
    id: 'followers',
    labelKey: 'PEOPLE.TAB_FOLLOWERS',
    count: 'followers',
    filter: { type: 'follow', incoming: true },
    emptyKey: 'PEOPLE.EMPTY_FOLLOWERS',
  },
  { id: 'following', labelKey: 'PEOPLE.TAB_FOLLOWING', count: 'following', filter: { type: 'follow' }, emptyKey: 'PEOPLE.EMPTY_FOLLOWING' },
  { id: 'groups', labelKey: 'PEOPLE.TAB_GROUPS', count: 'groups', emptyKey: 'PEOPLE.GROUPS_EMPTY' },
  { id: 'pending', labelKey: 'PEOPLE.TAB_PENDING', count: 'pending', filter: { type: 'match' }, emptyKey: 'PEOPLE.EMPTY_PENDING' },
  { id: 'nomatch', labelKey: 'PEOPLE.TAB_NOMATCH', count: 'noMatch', filter: { type: 'nomatch' }, emptyKey: 'PEOPLE.EMPTY_NOMATCH' },
  { id: 'blocked', labelKey: 'PEOPLE.TAB_BLOCKED', count: 'blocked', filter: { type: 'block' }, emptyKey: 'PEOPLE.EMPTY_BLOCKED' },
];

const CATEGORY_KEYS: Record<number, string> = {
  [RelationCategory.private]: 'PEOPLE.CATEGORY_PRIVATE',
  [RelationCategory.business]: 'PEOPLE.CATEGORY_BUSINESS',
};

/** My rows about one person (a friend in both categories has two), in the order the API gave. */
function byPerson(rows: readonly RelationRow[]): { user: RelationRow['user']; rows: RelationRow[] }[] {
  const people = new Map<number, { user: RelationRow['user']; rows: RelationRow[] }>();
  for (const row of rows) {
    const entry = people.get(row.user.id);
    if (entry) entry.rows.push(row);
    else people.set(row.user.id, { user: row.user, rows: [row] });
  }
  return [...people.values()];
}

/** The categories of a friendship, a pending yes or a no, shown unless it is only the private one. */
function Categories({ rows }: { rows: readonly RelationRow[] }) {
  const { t } = useTranslation();
  const categories = [...new Set(rows.map((r) => r.category).filter((c): c is number => c !== null))];
  if (categories.length === 0 || (categories.length === 1 && categories[0] === RelationCategory.private)) return null;
  return (
    <span className="people-tags">
      {categories.map((c) => (
        <span key={c} className="people-tag">
          {t(CATEGORY_KEYS[c] ?? 'PEOPLE.CATEGORY_PRIVATE')}
        </span>
      ))}
    </span>
  );
}

/** One person of a tab with the tab's action: a friend's Message and unfriend (asked first), follow back, unfollow, cancel, undo, unblock. */
function ConnectionCard({ tab, user, rows }: { tab: TabId; user: RelationRow['user']; rows: RelationRow[] }) {
  const { t } = useTranslation();
  const remove = useRemoveRelations();
  const change = useRelationChange();
  const message = useStartConversation();
  const [confirming, setConfirming] = useState(false);
  const name = user.nickname;
  const busy = remove.isPending || change.isPending;
  const removeAll = () => remove.mutate(rows.map((r) => ({ userId: user.id, type: r.type, category: r.category })));
  const button = (
    labelKey: string,
    namedKey: string,
    onClick: () => void,
    className = 'app-button app-button-small app-button-outline',
  ) => (
    <button type="button" className={className} disabled={busy} aria-label={t(namedKey, { name })} onClick={onClick}>
      {t(labelKey)}
    </button>
  );
  let actions = null;
  if (tab === 'friends')
    actions = confirming ? (
      <span className="row-actions" role="group" aria-label={t('PEOPLE.UNFRIEND_CONFIRM', { name })}>
        <span>{t('PEOPLE.UNFRIEND_CONFIRM', { name })}</span>
        <button type="button" className="app-button app-button-small app-button-danger" disabled={busy} onClick={removeAll}>
          {t('COMMON.YES')}
        </button>
        <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setConfirming(false)}>
          {t('COMMON.NO')}
        </button>
      </span>
    ) : (
      <>
        <button
          type="button"
          className="app-button app-button-small"
          disabled={message.busy}
          aria-label={t('PEOPLE.MESSAGE_NAMED', { name })}
          onClick={() => void message.open(user.id)}
        >
          {t('PEOPLE.MESSAGE')}
        </button>
        {button('PEOPLE.UNFRIEND', 'PEOPLE.UNFRIEND_NAMED', () => setConfirming(true))}
      </>
    );
  else if (tab === 'followers')
    actions = rows.some((r) => r.mutual) ? (
      <span className="form-hint">{t('PEOPLE.FOLLOWING_TOO')}</span>
    ) : (
      button('PEOPLE.FOLLOW_BACK', 'PEOPLE.FOLLOW_BACK_NAMED', () => change.mutate({ kind: 'follow', userId: user.id }))
    );
  else if (tab === 'following') actions = button('PEOPLE.UNFOLLOW', 'PEOPLE.UNFOLLOW_NAMED', removeAll);
  else if (tab === 'pending') actions = button('PEOPLE.CANCEL_MATCH', 'PEOPLE.CANCEL_MATCH_NAMED', removeAll);
  else if (tab === 'nomatch') actions = button('PEOPLE.UNDO_NOMATCH', 'PEOPLE.UNDO_NOMATCH_NAMED', removeAll);
  else if (tab === 'blocked') actions = button('PEOPLE.UNBLOCK', 'PEOPLE.UNBLOCK_NAMED', removeAll);
  return <PersonCard person={user} notes={<Categories rows={rows} />} actions={actions} />;
}

function RelationPanel({ tab }: { tab: Tab }) {
  const { t } = useTranslation();
  const list = useRelationList(tab.filter!);
  const rows = list.data?.pages.flatMap((p) => p.list) ?? [];
  const people = byPerson(rows);
  if (list.isPending) return <Skeleton variant="cards" count={3} />;
  if (list.isError)
    return (
      <EmptyState
        text={t('PEOPLE.LOAD_FAILED')}
        action={
          <button type="button" className="app-button" onClick={() => void list.refetch()}>
            {t('PEOPLE.RETRY')}
          </button>
        }
      />
    );
  if (people.length === 0)
    return (
      <EmptyState
        text={t(tab.emptyKey)}
        action={
          <AppLink to={PATHS.people} className="app-button">
            {t('PEOPLE.TO_SUGGESTIONS')}
          </AppLink>
        }
      />
    );
  return (
    <>
      <ul className="card-grid people-grid" aria-label={t(tab.labelKey)}>
        {people.map((p) => (
          <ConnectionCard key={p.user.id} tab={tab.id} user={p.user} rows={p.rows} />
        ))}
      </ul>
      {list.hasNextPage && (
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('PEOPLE.SHOW_MORE')}
        </button>
      )}
    </>
  );
}

/**
 * My connections (`/people/connections`): tabs for friends, followers, following, groups, pending
 * yeses, my noes and the people I blocked, each with its count (GET /api/userrelation/counts) and
 * its one action. The tabs follow the ARIA tabs pattern (arrow keys, Home, End).
 */
function ConnectionsPage() {
  const { t } = useTranslation();
  const counts = useRelationCounts();
  const [current, setCurrent] = useState<TabId>('friends');
  const tabs = useRef<HTMLDivElement>(null);
  const tab = TABS.find((x) => x.id === current)!;
  const onKeyDown = (e: KeyboardEvent) => {
    const index = TABS.findIndex((x) => x.id === current);
    const next =
      e.key === 'ArrowRight'
        ? (index + 1) % TABS.length
        : e.key === 'ArrowLeft'
          ? (index - 1 + TABS.length) % TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? TABS.length - 1
              : -1;
    if (next < 0) return;
    e.preventDefault();
    setCurrent(TABS[next]!.id);
    tabs.current?.querySelectorAll<HTMLElement>('[role="tab"]')[next]?.focus();
  };
  return (
    <PageLayout title={t('PEOPLE.CONNECTIONS')} narrow={false}>
      <p className="link-row">
        <AppLink to={PATHS.people} mode="back">
          {t('PEOPLE.BACK')}
        </AppLink>
      </p>
      <h1>{t('PEOPLE.CONNECTIONS')}</h1>
      <div ref={tabs} className="tab-strip" role="tablist" aria-label={t('PEOPLE.CONNECTIONS')} onKeyDown={onKeyDown}>
        {TABS.map((x) => {
          const count = counts.data?.[x.count];
          return (
            <button
              key={x.id}
              type="button"
              role="tab"
              id={`people-tab-${x.id}`}
              aria-selected={x.id === current}
              aria-controls="people-tabpanel"
              tabIndex={x.id === current ? 0 : -1}
              className="people-tab"
              onClick={() => setCurrent(x.id)}
            >
              {t(x.labelKey)}
              {count !== undefined && (
                <>
                  {' '}
                  <span className="people-tab-count">{count}</span>
                </>
              )}
            </button>
          );
        })}
      </div>
      <div id="people-tabpanel" role="tabpanel" aria-labelledby={`people-tab-${current}`} className="people-tabpanel">
        {tab.id === 'groups' ? <GroupsPanel /> : <RelationPanel key={tab.id} tab={tab} />}
      </div>
    </PageLayout>
  );
}

export default withQueryClient(ConnectionsPage);

/** The counts and the first tab (friends), asked for at start (app/lazy-page.tsx `PageModule`). */
export function prefetch(): void {
  void queryClient.prefetchQuery(countsQuery());
  void queryClient.prefetchInfiniteQuery({
    queryKey: relationsKey({ type: 'friend' }),
    queryFn: () => getRelations({ type: 'friend' }, 0),
    initialPageParam: 0,
  });
}
