import { AccountType, type ConversationStatus, type MessageOverviewItem } from '@spotlist/contracts';
import { useEffect, useId, useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { useAuth } from '../../../lib/auth';
import { formatNumber, useLocale } from '../../../lib/format';
import { conversationPath, PATHS } from '../../../lib/paths';
import { pluralKey } from '../../../lib/plural';
import { useTranslation } from '../../../lib/translator';
import { NO_FILTER, useCategories, useOverview, type OverviewFilter } from '../api/overview';
import { ConversationAvatars } from './avatars';
import { agoLabel } from './dates';
import { categoryLabel, conversationName, previewText, UNREAD } from './texts';
import { useLiveOverview } from './use-live-overview';
import { NewGroup } from './new-group';

/** The member-name search waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 300;

/** One conversation of the inbox: pictures, name, last activity, the last message, its category and unread count. */
function InboxRow({ item, active, myId }: { item: MessageOverviewItem; active: boolean; myId: number | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = conversationName(t, item);
  const unread = item.unread > 0;
  return (
    <li className={active ? 'messages-row messages-row-active' : 'messages-row'}>
      <AppLink to={conversationPath(item.id)} className="messages-row-link" aria-current={active ? 'page' : undefined}>
        <ConversationAvatars people={item.others} guestName={item.kind === 'guest' ? t('MESSAGES.GUEST') : undefined} />
        <span className="messages-row-text">
          <span className="messages-row-line">
            <span className={unread ? 'messages-row-name messages-row-name-unread' : 'messages-row-name'}>{name}</span>
            <time className="messages-row-time" dateTime={item.lastActivityAt}>
              {agoLabel(item.lastActivityAt, locale)}
            </time>
          </span>
          <span className="messages-row-line">
            <span className={unread ? 'messages-row-preview messages-row-preview-unread' : 'messages-row-preview'}>
              {previewText(t, item, myId)}
            </span>
            {unread && (
              <span
                className="messages-pill"
                aria-label={t(pluralKey(locale, UNREAD, item.unread), { count: formatNumber(item.unread, locale) })}
              >
                {formatNumber(item.unread, locale)}
              </span>
            )}
          </span>
          {(item.category.key !== 'personal' || item.status === 'done') && (
            <span className="messages-row-tags">
              {item.category.key !== 'personal' && <span className="messages-chip">{categoryLabel(t, item.category)}</span>}
              {item.status === 'done' && <span className="messages-chip messages-chip-muted">{t('MESSAGES.STATUS_DONE')}</span>}
            </span>
          )}
        </span>
      </AppLink>
    </li>
  );
}

/** Category, status (a business's inbox) and "Unread only". */
function Filters({ filter, onFilter, business }: { filter: OverviewFilter; onFilter: (f: OverviewFilter) => void; business: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const categories = useCategories();
  return (
    <div className="messages-filters">
      <div className="select-field">
        <label htmlFor={`${id}-category`}>{t('MESSAGES.FILTER_CATEGORY')}</label>
        <select
          id={`${id}-category`}
          className="native-select"
          value={filter.category ?? ''}
          onChange={(e) => onFilter({ ...filter, category: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">{t('MESSAGES.FILTER_ALL_CATEGORIES')}</option>
          {(categories.data ?? []).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {categoryLabel(t, c)}
            </option>
          ))}
        </select>
      </div>
      {business && (
        <div className="select-field">
          <label htmlFor={`${id}-status`}>{t('MESSAGES.FILTER_STATUS')}</label>
          <select
            id={`${id}-status`}
            className="native-select"
            value={filter.status ?? ''}
            onChange={(e) => onFilter({ ...filter, status: (e.target.value || null) as ConversationStatus | null })}
          >
            <option value="">{t('MESSAGES.FILTER_ALL_STATUSES')}</option>
            <option value="open">{t('MESSAGES.STATUS_OPEN')}</option>
            <option value="done">{t('MESSAGES.STATUS_DONE')}</option>
          </select>
        </div>
      )}
      <div className="check-field messages-unread-only">
        <input
          id={`${id}-unread`}
          type="checkbox"
          checked={filter.unread}
          onChange={(e) => onFilter({ ...filter, unread: e.target.checked })}
        />
        <label htmlFor={`${id}-unread`}>{t('MESSAGES.FILTER_UNREAD')}</label>
      </div>
    </div>
  );
}

/**
 * The inbox (SPEC §3 message overview): my conversations, the latest activity first, with a
 * member-name search and filters; kept current by the realtime events. On the conversation page
 * from 1250 px it stands beside the conversation (`activeId` marks it).
 */
export function Inbox({ activeId, level = 1 }: { activeId?: number; level?: 1 | 2 }) {
  const { t } = useTranslation();
  const { user, stored } = useAuth();
  const headingId = useId();
  const business = user?.accountType.id === AccountType.business;
  const [filter, setFilter] = useState<OverviewFilter>(NO_FILTER);
  const [search, setSearch] = useState('');
  useEffect(() => {
    const q = search.trim();
    const timer = setTimeout(() => setFilter((f) => (f.q === q ? f : { ...f, q })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  useLiveOverview();
  const overview = useOverview(filter);
  const items = overview.data?.pages.flatMap((p) => p.list) ?? [];
  const filtered = filter.category !== null || filter.status !== null || filter.unread || filter.q !== '';
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="messages-inbox" aria-labelledby={headingId}>
      <Heading id={headingId} className="messages-inbox-title">
        {t('MESSAGES.TITLE')}
      </Heading>
      <form className="messages-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput label={t('MESSAGES.SEARCH')} value={search} onValue={setSearch} type="search" />
      </form>
      <Filters filter={filter} onFilter={setFilter} business={business} />
      <NewGroup />
      {overview.isPending && <Skeleton count={4} />}
      {overview.isError && (
        <EmptyState
          text={t('MESSAGES.LOAD_FAILED')}
          action={
            <button type="button" className="app-button" onClick={() => void overview.refetch()}>
              {t('MESSAGES.RETRY')}
            </button>
          }
        />
      )}
      {overview.isSuccess && items.length === 0 && (
        <EmptyState
          picture={filtered ? 'search' : 'empty'}
          title={filtered ? undefined : t('MESSAGES.EMPTY_TITLE')}
          text={filtered ? t('MESSAGES.EMPTY_FILTERED') : t('MESSAGES.EMPTY')}
          action={
            filtered ? (
              <button
                type="button"
                className="app-button app-button-outline"
                onClick={() => {
                  setSearch('');
                  setFilter(NO_FILTER);
                }}
              >
                {t('MESSAGES.CLEAR_FILTERS')}
              </button>
            ) : (
              <AppLink to={PATHS.people} className="app-button">
                {t('MESSAGES.EMPTY_ACTION')}
              </AppLink>
            )
          }
        />
      )}
      {items.length > 0 && (
        <ul className="messages-list" aria-label={t('MESSAGES.CONVERSATIONS')}>
          {items.map((item) => (
            <InboxRow key={item.id} item={item} active={item.id === activeId} myId={stored?.id} />
          ))}
        </ul>
      )}
      {overview.hasNextPage && (
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={overview.isFetchingNextPage}
          onClick={() => void overview.fetchNextPage()}
        >
          {t('MESSAGES.SHOW_MORE')}
        </button>
      )}
    </section>
  );
}
