import { Visibility, type LikedPlace, type MyListView, type PlaceView } from '@spotlist/contracts';
import { AppLink } from '../../../components/app-link';
import { LikeButton, PlaceRow } from '../../../components/place-row';
import { PlaceThumb, type ThumbPlace } from '../../../components/place-thumb';
import { byDistance } from '../../../lib/distance';
import { dateFormat, useLocale } from '../../../lib/format';
import type { LatLng } from '../../../lib/geolocation';
import { MAP_DEFAULT_CENTER } from '../../../lib/map';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { useTranslation } from '../../../lib/translator';
import { useLikedPlaces, useMyLists, useNearbyPlaces } from '../api/dashboard-queries';
import { SectionCard, sectionState } from './section-card';

/** Rows a section shows; its full page has the rest. */
const ROWS = 5;

/** "Near you": liked places, nearest first with their distance once the device's position is known. */
export function NearYou({ location }: { location: LatLng | null }) {
  const { t } = useTranslation();
  const likes = useLikedPlaces(location);
  const places = (location ? byDistance(likes.data ?? []) : (likes.data ?? [])).slice(0, ROWS);
  return (
    <SectionCard
      title={t('DASHBOARD.NEAR_YOU')}
      more={{ to: PLACE_PATHS.marked, label: t('DASHBOARD.ALL_PLACES') }}
      state={sectionState(likes, places.length)}
      onRetry={() => void likes.refetch()}
      empty={{
        text: t('DASHBOARD.NEAR_YOU_EMPTY'),
        action: (
          <AppLink to={PLACE_PATHS.marked} className="app-button app-button-small">
            {t('DASHBOARD.NEAR_YOU_ACTION')}
          </AppLink>
        ),
      }}
    >
      <ul className="place-list dashboard-rows" aria-label={t('DASHBOARD.NEAR_YOU')}>
        {places.map((place) => (
          <PlaceRow key={place.id} place={place} />
        ))}
      </ul>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.map}>{t('MENU.MAP')}</AppLink>
      </p>
    </SectionCard>
  );
}

/** What PlaceThumb needs to show a list's cover (the server chose the place and its picture). */
export function coverThumb(list: MyListView): ThumbPlace | null {
  const cover = list.cover;
  if (!cover) return null;
  return {
    id: cover.placeId,
    visibility: { id: cover.public ? Visibility.all : Visibility.private },
    updatedAt: list.updatedAt,
    pictures: cover.thumbUrl ? [{ id: 0, url: cover.thumbUrl, urlThumb240: cover.thumbUrl }] : [],
  };
}

/** "My lists": the latest changed lists, each with its cover. */
export function MyLists() {
  const { t } = useTranslation();
  const lists = useMyLists();
  const shown = (lists.data ?? []).slice(0, ROWS);
  return (
    <SectionCard
      title={t('LISTS.TITLE')}
      more={{ to: PLACE_PATHS.lists, label: t('DASHBOARD.ALL_LISTS') }}
      state={sectionState(lists, shown.length)}
      onRetry={() => void lists.refetch()}
      empty={{
        text: t('DASHBOARD.MY_LISTS_EMPTY'),
        action: (
          <AppLink to={PLACE_PATHS.lists} className="app-button app-button-small">
            {t('DASHBOARD.MY_LISTS_ACTION')}
          </AppLink>
        ),
      }}
    >
      <ul className="place-list dashboard-rows" aria-label={t('LISTS.TITLE')}>
        {shown.map((list) => {
          const thumb = coverThumb(list);
          return (
            <li key={list.id} className="place-row">
              <div className="place-with-thumb">
                {thumb ? <PlaceThumb place={thumb} /> : <span className="place-thumb place-thumb-empty" aria-hidden="true" />}
                <div className="place-with-thumb-text">
                  <AppLink to={PLACE_PATHS.list(list.id)} className="place-name">
                    {list.name}
                  </AppLink>
                  <span className="form-hint">{t('DASHBOARD.PLACE_COUNT', { count: list.itemCount })}</span>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
    </SectionCard>
  );
}

type Recent = { kind: 'like'; at: string; place: LikedPlace } | { kind: 'list'; at: string; list: MyListView };

/** The latest likes (likedAt) and list changes (updatedAt), newest first. */
export function recentActivity(likes: readonly LikedPlace[], lists: readonly MyListView[], count = ROWS): Recent[] {
  const all: Recent[] = [
    ...likes.map((place) => ({ kind: 'like' as const, at: place.likedAt, place })),
    ...lists.map((list) => ({ kind: 'list' as const, at: list.updatedAt, list })),
  ];
  return all.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, count);
}

/** "Recently": from the answers the sections above read (no request of its own). */
export function Recently({ location }: { location: LatLng | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const likes = useLikedPlaces(location);
  const lists = useMyLists();
  const items = recentActivity(likes.data ?? [], lists.data ?? []);
  const date = dateFormat(locale, { dateStyle: 'medium' });
  const state =
    likes.isPending || lists.isPending ? 'loading' : likes.isError && lists.isError ? 'error' : items.length === 0 ? 'empty' : 'ready';
  return (
    <SectionCard
      title={t('DASHBOARD.RECENTLY')}
      state={state}
      onRetry={() => {
        void likes.refetch();
        void lists.refetch();
      }}
      empty={{
        text: t('DASHBOARD.RECENTLY_EMPTY'),
        action: (
          <AppLink to={PLACE_PATHS.map} className="app-button app-button-small">
            {t('DASHBOARD.RECENTLY_ACTION')}
          </AppLink>
        ),
      }}
    >
      <ul className="dashboard-recent" aria-label={t('DASHBOARD.RECENTLY')}>
        {items.map((item) => (
          <li key={`${item.kind}-${item.kind === 'like' ? item.place.id : item.list.id}`}>
            {item.kind === 'like' ? (
              <AppLink to={PLACE_PATHS.place(item.place.id)}>{t('DASHBOARD.RECENT_LIKED', { name: item.place.name })}</AppLink>
            ) : (
              <AppLink to={PLACE_PATHS.list(item.list.id)}>{t('DASHBOARD.RECENT_LIST', { name: item.list.name })}</AppLink>
            )}
            <time dateTime={item.at} className="form-hint">
              {date.format(new Date(item.at))}
            </time>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

const MUNICH: LatLng = { lat: MAP_DEFAULT_CENTER[0], lng: MAP_DEFAULT_CENTER[1] };

/** "Discover": catalogue places nearest the user (else Munich's default area) they have not liked yet, with a Like button. */
export function Discover({ location }: { location: LatLng | null }) {
  const { t } = useTranslation();
  const nearby = useNearbyPlaces(location ?? MUNICH);
  const places: PlaceView[] = (nearby.data ?? []).filter((p) => !p.liked).slice(0, ROWS);
  return (
    <SectionCard
      title={t('DASHBOARD.DISCOVER')}
      state={sectionState(nearby, places.length)}
      onRetry={() => void nearby.refetch()}
      empty={{
        text: t('DASHBOARD.DISCOVER_EMPTY'),
        action: (
          <AppLink to={PLACE_PATHS.newPlace} className="app-button app-button-small">
            {t('PLACES.ADD')}
          </AppLink>
        ),
      }}
    >
      {!location && <p className="form-hint">{t('DASHBOARD.DISCOVER_DEFAULT_AREA')}</p>}
      <ul className="place-list dashboard-rows" aria-label={t('DASHBOARD.DISCOVER')}>
        {places.map((place) => (
          <PlaceRow key={place.id} place={place} action={<LikeButton place={place} like />} />
        ))}
      </ul>
    </SectionCard>
  );
}
