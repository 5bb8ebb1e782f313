import type { ExportFormat, ListItem, Share } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { Navigate, useParams } from 'react-router-dom';
import { AppLink } from '../../../components/app-link';
import { CatalogueSearch } from '../../../components/catalogue-search';
import { EmptyState } from '../../../components/empty-state';
import { NotFound } from '../../../components/not-found';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { PageLayout } from '../../../components/layout/page-layout';
import { isApiError } from '../../../lib/api-client';
import { useLocation } from '../../../lib/use-location';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import {
  downloadExport,
  listQuery,
  revokeShareById,
  shareList,
  sharesKey,
  sharesQuery,
  useChangeItems,
  useList,
  useShares,
  type ItemChange,
} from '../api/lists';
import { ItemPlace } from '../components/item-place';
import { ReportList } from '../components/report-list';
import { ListIntro } from '../components/list-intro';
import { ListVisibility } from '../components/list-visibility';
import { userProfilePath } from '../../../lib/paths';
import { MapLoading, MapWhenNear } from '../../../components/map-loading';
import { dateFormat } from '../../../lib/format';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { useProgressiveCount } from '../../../lib/use-progressive-count';
import { copyLink, publicLink } from '../../../lib/share';

/** Leaflet and its CSS load with the map itself. */
const PlaceMap = lazy(() => import('../../../components/place-map'));

/** The contracts' EXPORT_FORMATS with their names (a local copy: importing the contracts' module would load zod). */
const FORMAT_LABELS: Record<ExportFormat, string> = { geojson: 'GeoJSON', gpx: 'GPX', kml: 'KML', csv: 'CSV' };
const EXPORT_FORMATS = Object.keys(FORMAT_LABELS) as ExportFormat[];
const LOCALE_STRING: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

function ItemRow(props: {
  item: ListItem;
  index: number;
  count: number;
  ids: number[];
  editable: boolean;
  change: (c: ItemChange) => void;
  busy: boolean;
}) {
  const { item, index, count, ids, editable, change, busy } = props;
  const { t } = useTranslation();
  const [note, setNote] = useState(item.note);
  const move = (to: number) => {
    const next = [...ids];
    next.splice(index, 1);
    next.splice(to, 0, item.id);
    change({ kind: 'reorder', itemIds: next });
  };
  const name = item.place.name;
  return (
    <li className="place-row">
      <ItemPlace item={item} />
      {editable ? (
        <>
          <TextInput label={t('LISTS.NOTE_FOR', { name })} value={note} onValue={setNote} />
          <span className="row-actions">
            <button
              type="button"
              className="app-button app-button-small"
              disabled={busy || note === item.note}
              aria-label={t('LISTS.SAVE_NOTE_FOR', { name })}
              onClick={() => change({ kind: 'note', itemId: item.id, note })}
            >
              {t('LISTS.SAVE')}
            </button>
            <button
              type="button"
              className="app-button app-button-small app-button-outline"
              disabled={busy || index === 0}
              aria-label={t('LISTS.UP', { name })}
              onClick={() => move(index - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="app-button app-button-small app-button-outline"
              disabled={busy || index === count - 1}
              aria-label={t('LISTS.DOWN', { name })}
              onClick={() => move(index + 1)}
            >
              ↓
            </button>
            <button
              type="button"
              className="app-button app-button-small app-button-danger"
              disabled={busy}
              aria-label={t('LISTS.REMOVE', { name })}
              onClick={() => change({ kind: 'remove', itemId: item.id })}
            >
              {t('LISTS.REMOVE_SHORT')}
            </button>
          </span>
        </>
      ) : (
        item.note && <p>{item.note}</p>
      )}
    </li>
  );
}

function ShareSection({ listId }: { listId: number }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const shares = useShares(listId);
  const [share, setShare] = useState<Share | null>(null);
  const [status, setStatus] = useState<'idle' | 'busy' | 'copied' | 'revoked'>('idle');
  // the server's public address in the native shells, this page's origin in a browser (lib/share.ts)
  const url = share?.url ? publicLink(share.url) : null;
  const now = shares.dataUpdatedAt; // when the shares were read (render stays pure)
  // links still working, other than the one just created (its URL is shown above)
  const active = (shares.data ?? []).filter(
    (s) => s.public && !s.revokedAt && (!s.expiresAt || Date.parse(s.expiresAt) > now) && s.id !== share?.id,
  );
  // toLocaleString's own fields, from a formatter made once per language (each call made one)
  const date = (iso: string) => dateFormat(i18n.language, LOCALE_STRING).format(new Date(iso));
  const refresh = () => client.invalidateQueries({ queryKey: sharesKey(listId) });
  const run = async (work: () => Promise<void>) => {
    setStatus('busy');
    try {
      await work();
    } catch {
      setStatus('idle');
    }
  };
  const create = () =>
    run(async () => {
      setShare(await shareList(listId));
      setStatus('idle');
      await refresh();
    });
  const revoke = (id: number) =>
    run(async () => {
      await revokeShareById(id);
      if (id === share?.id) setShare(null);
      setStatus('revoked');
      await refresh();
    });
  return (
    <section className="form-section" aria-labelledby="share-heading">
      <h2 id="share-heading">{t('LISTS.SHARE')}</h2>
      <p className="form-hint">{t('LISTS.SHARE_HINT')}</p>
      {url && share ? (
        <>
          <p className="share-url">
            <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t('LISTS.SHARE_LINK')}>
              {url}
            </a>
          </p>
          <span className="row-actions">
            <button
              type="button"
              className="app-button app-button-small"
              onClick={() =>
                void copyLink(url).then((copied) => {
                  if (copied) setStatus('copied');
                })
              }
            >
              {t('LISTS.COPY_LINK')}
            </button>
            <button
              type="button"
              className="app-button app-button-small app-button-danger"
              disabled={status === 'busy'}
              onClick={() => void revoke(share.id)}
            >
              {t('LISTS.REVOKE_LINK')}
            </button>
          </span>
          {status === 'copied' && <p role="status">{t('LISTS.COPIED')}</p>}
        </>
      ) : (
        <button type="button" className="app-button" disabled={status === 'busy'} onClick={() => void create()}>
          {t('LISTS.CREATE_LINK')}
        </button>
      )}
      {status === 'revoked' && <p role="status">{t('LISTS.REVOKED')}</p>}
      {active.length > 0 && (
        <>
          <h3>{t('LISTS.ACTIVE_LINKS')}</h3>
          <ul className="place-list" aria-label={t('LISTS.ACTIVE_LINKS')}>
            {active.map((s) => (
              <li key={s.id} className="place-row">
                <span>
                  {t('LISTS.LINK_CREATED_AT', { date: date(s.createdAt) })}
                  {s.expiresAt && ` · ${t('LISTS.LINK_EXPIRES', { date: date(s.expiresAt) })}`}
                </span>
                <button
                  type="button"
                  className="app-button app-button-small app-button-danger"
                  disabled={status === 'busy'}
                  aria-label={t('LISTS.REVOKE_LINK_FROM', { date: date(s.createdAt) })}
                  onClick={() => void revoke(s.id)}
                >
                  {t('LISTS.REVOKE_LINK')}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * Adds catalogue places to the list: the catalogue search with an Add button per place. Each new
 * `focusRequest` (the empty list's "Add places") puts the cursor into its search field.
 */
function AddPlaceSection(props: { placeIds: Set<number>; change: (c: ItemChange) => void; busy: boolean; focusRequest: number }) {
  const { placeIds, change, busy, focusRequest } = props;
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focusRequest > 0) section.current?.querySelector('input')?.focus();
  }, [focusRequest]);
  return (
    <section ref={section} className="form-section" aria-labelledby="add-place-heading">
      <h2 id="add-place-heading">{t('LISTS.ADD_PLACE')}</h2>
      <CatalogueSearch
        label={t('LISTS.ADD_SEARCH')}
        resultsLabel={t('LISTS.ADD_RESULTS')}
        emptyText={t('LISTS.NO_RESULTS')}
        action={(place) =>
          placeIds.has(place.id) ? (
            <span className="form-hint">{t('LISTS.IN_LIST')}</span>
          ) : (
            <button
              type="button"
              className="app-button app-button-small"
              disabled={busy}
              aria-label={t('LISTS.ADD_NAMED', { name: place.name })}
              onClick={() => change({ kind: 'add', placeId: place.id })}
            >
              {t('LISTS.ADD')}
            </button>
          )
        }
      />
    </section>
  );
}

/**
 * A list (`/lists/:id`). It opens to be read: its places in order with their notes, and beside them
 * (below on phones) a map fitted to them; share and export. Its owner changes it in an edit mode
 * entered on purpose (notes, order, remove, add places) and left with Done. A list that does not
 * exist or that the reader may not see says so.
 */
function ListDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const list = useList(id);
  const data = useDeferredAnswer(list.data);
  const change = useChangeItems(id);
  const location = useLocation();
  const [editing, setEditing] = useState(false);
  const [focusAdd, setFocusAdd] = useState(0);
  const items = data?.items.list ?? [];
  const ids = items.map((i) => i.id);
  const shownRows = useProgressiveCount(items.length);
  const missing = !Number.isInteger(id) || id <= 0 || (list.isError && isApiError(list.error) && [403, 404].includes(list.error.status));
  if (missing)
    return (
      <PageLayout title={t('NOTFOUND.TITLE')}>
        <NotFound text={t('NOTFOUND.LIST')} />
      </PageLayout>
    );
  // the internal likes list is "My places", not a list page of its own
  if (data?.kind === 'likes') return <Navigate to={PLACE_PATHS.marked} replace />;
  const editable = data?.editable === true;
  const edit = editable && editing;
  return (
    <PageLayout title={data?.name ?? t('LISTS.TITLE')} narrow={false}>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.lists} mode="back">
          {t('LISTS.BACK')}
        </AppLink>
      </p>
      {!data && !list.isError && <Skeleton count={4} />}
      {list.isError && !missing && (
        <p className="form-error" role="alert">
          {t(`ERROR.${isApiError(list.error) ? list.error.key : 'error.unknown'}`)}
        </p>
      )}
      {data && (
        <div className={edit || items.length === 0 ? 'list-detail' : 'list-detail list-detail-panes'}>
          <div className="list-detail-main">
            <div className="list-detail-head">
              <div>
                <h1>{data.name}</h1>
                <p className="form-hint">{t('LISTS.ITEM_COUNT', { count: data.items.total })}</p>
              </div>
              {editable && (
                <button
                  type="button"
                  className={edit ? 'app-button' : 'app-button app-button-outline'}
                  aria-pressed={edit}
                  onClick={() => setEditing(!edit)}
                >
                  {edit ? t('LISTS.DONE') : t('LISTS.EDIT')}
                </button>
              )}
              {!editable && <ReportList listId={id} />}
            </div>
            {!editable && (
              <p className="form-hint">
                {t('LISTS.BY')} <AppLink to={userProfilePath(data.owner.id)}>{data.owner.nickname || t('LISTS.OWNER_PROFILE')}</AppLink>
              </p>
            )}
            {data.description && !edit && <p className="list-intro">{data.description}</p>}
            {edit && <ListIntro list={data} />}
            {items.length === 0 ? (
              <EmptyState
                text={t('LISTS.NO_ITEMS')}
                action={
                  editable && (
                    <button
                      type="button"
                      className="app-button"
                      onClick={() => {
                        setEditing(true);
                        setFocusAdd((n) => n + 1);
                      }}
                    >
                      {t('LISTS.ADD_PLACES')}
                    </button>
                  )
                }
              />
            ) : (
              <ol className="place-list" aria-label={t('LISTS.ITEMS')}>
                {items.slice(0, shownRows).map((item, index) => (
                  <ItemRow
                    key={`${item.id}:${item.note}`}
                    item={item}
                    index={index}
                    count={items.length}
                    ids={ids}
                    editable={edit}
                    busy={change.isPending}
                    change={(c) => change.mutate(c)}
                  />
                ))}
              </ol>
            )}
            {edit && (
              <AddPlaceSection
                placeIds={new Set(items.map((i) => i.place.id))}
                change={(c) => change.mutate(c)}
                busy={change.isPending}
                focusRequest={focusAdd}
              />
            )}
          </div>
          {!edit && items.length > 0 && (
            <div className="list-detail-map">
              <MapWhenNear>
                <Suspense fallback={<MapLoading />}>
                  <PlaceMap
                    places={items.map((i) => i.place)}
                    center={location}
                    label={t('LISTS.MAP', { name: data.name })}
                    empty={<p>{t('LISTS.MAP_EMPTY')}</p>}
                  />
                </Suspense>
              </MapWhenNear>
            </div>
          )}
          <div className="list-detail-extras">
            {editable && !edit && <ListVisibility listId={id} level={data.visibility.id} />}
            {editable && !edit && <ShareSection listId={id} />}
            {!edit && (
              <section className="form-section" aria-labelledby="export-heading">
                <h2 id="export-heading">{t('LISTS.EXPORT')}</h2>
                <span className="row-actions">
                  {EXPORT_FORMATS.map((format) => (
                    <button
                      key={format}
                      type="button"
                      className="app-button app-button-small app-button-outline"
                      onClick={() => void downloadExport(id, format, data.name).catch(() => undefined)}
                    >
                      {t('LISTS.EXPORT_AS', { format: FORMAT_LABELS[format] })}
                    </button>
                  ))}
                </span>
              </section>
            )}
          </div>
        </div>
      )}
    </PageLayout>
  );
}

export default withQueryClient(ListDetailPage);

/** The list and its links, asked for at start (app/lazy-page.tsx `PageModule`). */
export function prefetch({ id }: Readonly<Record<string, string | undefined>>): void {
  const listId = Number(id);
  if (!Number.isInteger(listId) || listId <= 0) return;
  // the shares are the owner's only: asked once the list says it is one's own (another's would
  // answer 403 error.list.readonly, a toast for a reader who asked for nothing)
  void queryClient
    .fetchQuery(listQuery(listId))
    .then(async (list) => {
      if (list.editable) await queryClient.prefetchQuery(sharesQuery(listId));
    })
    .catch(() => undefined);
}
