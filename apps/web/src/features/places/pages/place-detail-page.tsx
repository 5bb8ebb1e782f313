import '../place-pages.css';
import '../../../components/skeleton.css';
import type { AlertOptions } from '@ionic/core/components';
import { AccountType, type PlaceView } from '@spotlist/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { useParams } from 'react-router-dom';
import { AppLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { isApiError } from '../../../lib/api-client';
import { useFormatDistance } from '../../../lib/distance';
import { useAppNavigate } from '../../../lib/navigation';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { useToggleLike } from '../../../lib/place-queries';
import { queryClient, withQueryClient } from '../../../lib/query-client';
import { getKnownLocation } from '../../../lib/geolocation';
import { useLocation } from '../../../lib/use-location';
import { useDeferredAnswer } from '../../../lib/use-deferred-answer';
import { placeQuery, useAddToList, useDeletePlace, useOwnLists, usePlace, useReportPlace } from '../api/place';
import { ACCESSIBILITY_KEYS, CATEGORY_KEYS, countryName } from '../components/place-labels';
import { formatAddress } from '../../../lib/format';
import { MapLoading, MapWhenNear } from '../../../components/map-loading';
import { askReportReason } from '../../../components/report-reason';
import { useAuth } from '../../../lib/auth';
import { userProfilePath } from '../../../lib/paths';
import { useStartConversation } from '../../../lib/start-conversation';
import { useProfile } from '../../../lib/user-profile';
import { publicLink, share } from '../../../lib/share';
import { apiResourceUrl } from '../../../lib/image';

/** Leaflet and its CSS load with the map itself. */
const PlaceMap = lazy(() => import('../../../components/place-map'));

/** `ERROR.{key}` when the app has a text for it, else the unknown error's (SPEC §8). */
function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation();
  return (error) => {
    const key = isApiError(error) ? `ERROR.${error.key}` : 'ERROR.error.unknown';
    return i18n.exists(key) ? t(key) : t('ERROR.error.unknown');
  };
}

/** Only http(s) addresses become links (the server normalises websites; this keeps javascript: out whatever comes). */
const webLink = (url: string): string | null => (/^https?:\/\//i.test(url) ? url : null);
/** The website without its scheme and trailing slash, as people write it. */
const shortUrl = (url: string): string => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');
/** A dialable number: digits and a leading +. */
const telHref = (phone: string): string => `tel:${phone.replace(/[^+0-9]/g, '')}`;

function Facts({ place, located }: { place: PlaceView; located: boolean }) {
  const { t, i18n } = useTranslation();
  const distance = useFormatDistance();
  const address = [formatAddress(place.address, place.city), place.country && countryName(place.country, i18n.language)]
    .filter(Boolean)
    .join(', ');
  const website = place.website ? webLink(place.website) : null;
  return (
    <dl className="place-facts">
      {address && (
        <>
          <dt>{t('PLACE.ADDRESS')}</dt>
          <dd>{address}</dd>
        </>
      )}
      {(located || place.needsLocation) && (
        <>
          <dt>{t('PLACE.DISTANCE')}</dt>
          <dd className="place-distance">{place.needsLocation ? t('LISTS.NEEDS_LOCATION') : distance(place.distance)}</dd>
        </>
      )}
      {place.website && (
        <>
          <dt>{t('PLACE.WEBSITE')}</dt>
          <dd>
            {website ? (
              <a href={website} target="_blank" rel="noopener noreferrer">
                {shortUrl(website)}
              </a>
            ) : (
              place.website
            )}
          </dd>
        </>
      )}
      {place.phone && (
        <>
          <dt>{t('PLACE.PHONE')}</dt>
          <dd>
            <a href={telHref(place.phone)}>{place.phone}</a>
          </dd>
        </>
      )}
    </dl>
  );
}

function Pictures({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const pictures = place.pictures ?? [];
  if (pictures.length === 0) return null;
  return (
    <ul className="place-pictures" aria-label={t('PLACE.PICTURES')}>
      {pictures.map((p, i) => (
        <li key={p.id}>
          {/* the full picture in a new tab; the document URLs are the API's (with their version) */}
          <a href={apiResourceUrl(p.url)} target="_blank" rel="noopener noreferrer">
            <img
              src={apiResourceUrl(p.urlThumb240 ?? p.url)}
              alt={t('PLACE.PICTURE_N', { n: i + 1, name: place.name })}
              loading="lazy"
              width={160}
              height={160}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** Like/Unlike, Edit and Delete (for those who may change the place), Report. */
function Actions({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const errorText = useErrorText();
  const toggle = useToggleLike();
  const remove = useDeletePlace();
  const report = useReportPlace();
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);

  // ion-alert loads with the first question (components/ionic/alert)
  const confirm = async (options: AlertOptions) => {
    const { presentAlert } = await import('../../../components/ionic/alert');
    return presentAlert(options);
  };

  const askDelete = async () => {
    setMessage(null);
    const { role } = await confirm({
      header: t('PLACE.DELETE_TITLE'),
      message: t('PLACE.DELETE_MESSAGE', { name: place.name }),
      buttons: [
        { text: t('COMMON.CANCEL'), role: 'cancel' },
        { text: t('PLACE.DELETE'), role: 'destructive' },
      ],
    });
    if (role !== 'destructive') return;
    try {
      await remove.mutateAsync(place.id);
      // the place is gone: My places becomes the root (no way back to it)
      navigate(PLACE_PATHS.marked, 'root');
    } catch (error) {
      setMessage({ kind: 'alert', text: errorText(error) });
    }
  };

  const askReport = async () => {
    setMessage(null);
    const reason = await askReportReason(t, t('PLACE.REPORT_TITLE'), t('PLACE.REPORT_MESSAGE'));
    if (reason === null) return;
    try {
      await report.mutateAsync({ id: place.id, reason });
      setMessage({ kind: 'status', text: t('PLACE.REPORT_SENT') });
    } catch (error) {
      setMessage({ kind: 'alert', text: errorText(error) });
    }
  };

  return (
    <>
      <div className="button-row place-actions">
        <button
          type="button"
          className={place.liked ? 'app-button app-button-outline' : 'app-button'}
          aria-pressed={place.liked}
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ placeId: place.id, like: !place.liked })}
        >
          {t(place.liked ? 'PLACES.UNLIKE' : 'PLACES.LIKE')}
        </button>
        <ShareButton place={place} />
        {place.editable && (
          <>
            <AppLink to={PLACE_PATHS.editPlace(place.id)} className="app-button app-button-outline">
              {t('PLACE.EDIT')}
            </AppLink>
            <button type="button" className="app-button app-button-danger" disabled={remove.isPending} onClick={() => void askDelete()}>
              {t('PLACE.DELETE')}
            </button>
          </>
        )}
        <button
          type="button"
          className="app-button app-button-outline app-button-small place-report"
          disabled={report.isPending}
          onClick={() => void askReport()}
        >
          {t('PLACE.REPORT')}
        </button>
      </div>
      {message && (
        <p className={message.kind === 'status' ? 'form-success' : 'form-error'} role={message.kind}>
          {message.text}
        </p>
      )}
    </>
  );
}

/** "Add to a list": one of the user's own lists, chosen from a menu; where there is none, a way to make one. */
function AddToList({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const lists = useOwnLists();
  const add = useAddToList();
  const [listId, setListId] = useState('');
  const [message, setMessage] = useState<{ kind: 'status' | 'alert'; text: string } | null>(null);
  if (lists.isSuccess && lists.data.length === 0)
    return (
      <p className="form-hint">
        {t('PLACE.NO_LISTS')} <AppLink to={PLACE_PATHS.lists}>{t('LISTS.CREATE')}</AppLink>
      </p>
    );
  const chosen = lists.data?.find((l) => String(l.id) === listId);
  const submit = async () => {
    if (!chosen) return;
    setMessage(null);
    try {
      await add.mutateAsync({ listId: chosen.id, placeId: place.id });
      setMessage({ kind: 'status', text: t('PLACE.ADDED_TO', { name: chosen.name }) });
    } catch (error) {
      setMessage({ kind: 'alert', text: errorText(error) });
    }
  };
  return (
    <section className="form-section" aria-labelledby="place-add-to-list">
      <h2 id="place-add-to-list">{t('PLACE.ADD_TO_LIST')}</h2>
      <div className="button-row">
        <label className="visually-hidden" htmlFor="place-list-choice">
          {t('PLACE.CHOOSE_LIST')}
        </label>
        <select
          id="place-list-choice"
          className="app-select place-list-choice"
          value={listId}
          onChange={(e) => setListId(e.target.value)}
          disabled={!lists.data}
        >
          <option value="">{t('PLACE.CHOOSE_LIST')}</option>
          {lists.data?.map((l) => (
            <option key={l.id} value={String(l.id)}>
              {l.name}
            </option>
          ))}
        </select>
        <button type="button" className="app-button" disabled={!chosen || add.isPending} onClick={() => void submit()}>
          {t('LISTS.ADD')}
        </button>
      </div>
      {message && (
        <p className={message.kind === 'status' ? 'form-success' : 'form-error'} role={message.kind}>
          {message.text}
        </p>
      )}
    </section>
  );
}

/** Share: the system's share sheet where there is one (phones, the native shells), else the link copied (lib/share.ts). */
function ShareButton({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const sharePlace = async () => {
    const outcome = await share({ title: place.name, url: publicLink(PLACE_PATHS.place(place.id)) });
    if (outcome === 'copied') setCopied(true);
  };
  return (
    <>
      <button type="button" className="app-button app-button-outline" onClick={() => void sharePlace()}>
        {t('PLACE.SHARE')}
      </button>
      {copied && (
        <span role="status" className="form-hint">
          {t('LISTS.COPIED')}
        </span>
      )}
    </>
  );
}

/**
 * The business that added the place (its own venue, or a place it recommends): its name links to
 * its profile, and "Message <business>" opens the conversation with it (a business enquiry; the
 * one there is, or a new one). Nothing for places of private users or bloggers, the catalogue's
 * own, the viewer's own, or a business that blocked the viewer (its profile is then a 404).
 */
function PlaceBusiness({ place }: { place: PlaceView }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const creator = place.creatorId;
  const someoneElse = creator !== null && user !== null && creator !== user.id;
  const profile = useProfile(creator ?? 0, user?.id ?? 0, someoneElse);
  const message = useStartConversation();
  const business = profile.data;
  if (!someoneElse || !business || business.accountType.id !== AccountType.business || business.relation?.blocked) return null;
  return (
    <section className="place-business" aria-label={business.nickname}>
      <p className="place-business-who">
        <span className="place-business-caption">{t('PLACE.BUSINESS_ADDED')}</span>
        <AppLink to={userProfilePath(business.id)} className="place-business-name">
          {business.nickname}
        </AppLink>
      </p>
      <button type="button" className="app-button" disabled={message.busy} onClick={() => void message.open(business.id)}>
        {t('PLACE.MESSAGE_BUSINESS', { name: business.nickname })}
      </button>
    </section>
  );
}

/**
 * The place's page in grey while it loads (components/skeleton.css's shapes): its name, category,
 * a picture and the facts. One "Loading…" status; the shapes are hidden from assistive technology.
 */
function PlaceSkeleton({ label }: { label: string }) {
  return (
    <div className="place-skeleton" role="status" aria-label={label}>
      <div aria-hidden="true">
        <span className="skeleton-line place-skeleton-title" />
        <span className="skeleton-line place-skeleton-category" />
        <span className="skeleton-block place-skeleton-picture" />
        <span className="skeleton-lines">
          <span className="skeleton-line" />
          <span className="skeleton-line" />
          <span className="skeleton-line" />
        </span>
      </div>
    </div>
  );
}

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const location = useLocation();
  const query = usePlace(id, location);
  // a refetch after a like keeps showing the place (not a spinner)
  const place = useDeferredAnswer(query.data);
  if (!place) {
    if (query.isError)
      return (
        <p className="form-error" role="alert">
          {errorText(query.error)}
        </p>
      );
    return <PlaceSkeleton label={t('COMMON.LOADING')} />;
  }
  return (
    <article className="place-detail" aria-labelledby="place-detail-name">
      <h1 id="place-detail-name">{place.name}</h1>
      <p className="place-category">{t(CATEGORY_KEYS[place.category] ?? CATEGORY_KEYS.other)}</p>
      <Pictures place={place} />
      {place.description && <p className="place-description">{place.description}</p>}
      <Facts place={place} located={location !== null} />
      <PlaceBusiness place={place} />
      {place.latitude !== null && place.longitude !== null && (
        <div className="place-detail-map">
          <MapWhenNear>
            <Suspense fallback={<MapLoading />}>
              <PlaceMap places={[place]} center={null} label={t('PLACE.MAP', { name: place.name })} />
            </Suspense>
          </MapWhenNear>
        </div>
      )}
      {place.accessibility.length > 0 && (
        <section aria-labelledby="place-detail-accessibility">
          <h2 id="place-detail-accessibility">{t('PLACE.ACCESSIBILITY_LABEL')}</h2>
          <ul className="tag-list">
            {place.accessibility.map((tag) => (
              <li key={tag}>{t(ACCESSIBILITY_KEYS[tag])}</li>
            ))}
          </ul>
        </section>
      )}
      <Actions place={place} />
      <AddToList place={place} />
    </article>
  );
}

/** PlaceDetailPage (`/place/:id`): one place of the catalogue, as the API answers it for the user. */
function PlaceDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <PageLayout title={t('PLACE.TITLE')}>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.marked} mode="back">
          {t('PLACE.BACK')}
        </AppLink>
      </p>
      {Number.isInteger(id) && id > 0 ? <Detail id={id} /> : <p role="alert">{t('ERROR.error.place.notfound')}</p>}
    </PageLayout>
  );
}

export default withQueryClient(PlaceDetailPage);

/** The place, asked for at start (app/lazy-page.tsx `PageModule`), for the position known then. */
export function prefetch({ id }: Readonly<Record<string, string | undefined>>): void {
  const placeId = Number(id);
  if (Number.isInteger(placeId) && placeId > 0) void queryClient.prefetchQuery(placeQuery(placeId, getKnownLocation()));
}
