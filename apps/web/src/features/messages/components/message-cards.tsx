import { Visibility, type Message, type Meeting } from '@spotlist/contracts';
import { useState } from 'react';
import { AppLink } from '../../../components/app-link';
import { config } from '../../../lib/config';
import { formatAddress, formatNumber, numberFormat, useLocale } from '../../../lib/format';
import { getKnownLocation } from '../../../lib/geolocation';
import { usableImageUrl } from '../../../lib/image';
import { getCurrentLanguage } from '../../../lib/language';
import { pluralKey } from '../../../lib/plural';
import { useTranslation } from '../../../lib/translator';
import { useListCard, usePlaceCard, useToggleLike } from '../api/cards';
import { downloadFile, downloadMeetingIcs, useAuthedImage } from '../api/messages';
import { dateTimeOf, timeOf } from './dates';
import { LIST_PLACES } from './texts';

/**
 * The cards a message can carry: a place or list it shares, a file, a meeting. Paths of other
 * features' pages are literals (the same as app/routes.tsx): importing lib/place-paths would pull
 * the places chunk in (vite.config.ts `places-page` group).
 */
export const LINKED_PATHS = {
  place: (id: number) => `/place/${id}`,
  list: (id: number) => `/lists/${id}`,
  /** The meeting page (features/meetings), opened with a full page load. */
  meeting: (id: number) => `/meeting/${id}`,
} as const;

/** Under 1 km whole metres, else whole kilometres; nothing while the reader's position is unknown. */
function distanceText(meters: number, locale: string): string {
  if (!getKnownLocation() || !Number.isFinite(meters) || meters < 0) return '';
  const km = meters >= 1000;
  return numberFormat(locale, { style: 'unit', unit: km ? 'kilometer' : 'meter', unitDisplay: 'short' }).format(
    km ? Math.round(meters / 1000) : Math.round(meters),
  );
}

/** "This place is not available" / "This list is not available": gone, or not the reader's to see. */
function Unavailable({ text }: { text: string }) {
  return <p className="messages-card messages-card-unavailable">{text}</p>;
}

/** A shared place: its picture (or generated cover), name (to its page), address, distance, Like. */
export function PlaceCard({ placeId }: { placeId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const place = usePlaceCard(placeId);
  const like = useToggleLike();
  const [failed, setFailed] = useState(false);
  if (place.isPending) return <div className="messages-card messages-card-loading" aria-label={t('COMMON.LOADING')} role="status" />;
  if (place.isError || !place.data) return <Unavailable text={t('MESSAGES.PLACE_UNAVAILABLE')} />;
  const p = place.data;
  // a public place's picture and cover are anyone's; a private one's need the token an <img> cannot send
  const open = p.visibility.id === Visibility.all;
  const picture =
    usableImageUrl(p.pictures?.[0]?.urlThumb240) ??
    `${config.apiBase}/place/${p.id}/cover.svg?lang=${encodeURIComponent(getCurrentLanguage())}`;
  const distance = distanceText(p.distance, locale);
  return (
    <div className="messages-card messages-card-place">
      {open && !failed ? (
        <img
          className="messages-card-picture"
          src={picture}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
        />
      ) : (
        <span className="messages-card-picture" aria-hidden="true" />
      )}
      <span className="messages-card-text">
        <AppLink to={LINKED_PATHS.place(p.id)} className="messages-card-title">
          {p.name}
        </AppLink>
        <span className="form-hint">{[formatAddress(p.address, p.city), distance].filter(Boolean).join(' · ')}</span>
      </span>
      <button
        type="button"
        className={p.liked ? 'app-button app-button-small app-button-outline' : 'app-button app-button-small'}
        aria-pressed={p.liked}
        disabled={like.isPending}
        aria-label={t(p.liked ? 'PLACES.UNLIKE_NAMED' : 'PLACES.LIKE_NAMED', { name: p.name })}
        onClick={() => like.mutate({ placeId: p.id, like: !p.liked })}
      >
        {t(p.liked ? 'PLACES.UNLIKE' : 'PLACES.LIKE')}
      </button>
    </div>
  );
}

/** A shared list: its name (to its page), owner and number of places. */
export function ListCard({ listId }: { listId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useListCard(listId);
  if (list.isPending) return <div className="messages-card messages-card-loading" aria-label={t('COMMON.LOADING')} role="status" />;
  if (list.isError || !list.data) return <Unavailable text={t('MESSAGES.LIST_UNAVAILABLE')} />;
  const l = list.data;
  return (
    <div className="messages-card messages-card-list">
      <span className="messages-card-icon" aria-hidden="true">
        📋
      </span>
      <span className="messages-card-text">
        <AppLink to={LINKED_PATHS.list(l.id)} className="messages-card-title">
          {l.name}
        </AppLink>
        <span className="form-hint">
          {t('MESSAGES.LIST_BY', { name: l.owner.nickname })} ·{' '}
          {t(pluralKey(locale, LIST_PLACES, l.itemCount), { count: formatNumber(l.itemCount, locale) })}
        </span>
      </span>
    </div>
  );
}

const sizeText = (bytes: number, locale: string): string => {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : [Math.max(1, Math.round(bytes / 1000)), 'kilobyte'];
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
};

/** An attachment: a picture's thumbnail, the name and size, Download (through the api client: it needs the token). */
export function FileCard({ file }: { file: NonNullable<Message['file']> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const thumb = useAuthedImage(usableImageUrl(file.urlThumb240));
  const download = async () => {
    setBusy(true);
    try {
      await downloadFile(file.url, file.name);
    } catch {
      // the shell shows the API's refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={file.urlThumb240 ? 'messages-card messages-card-file messages-card-has-picture' : 'messages-card messages-card-file'}>
      {file.urlThumb240 ? (
        thumb ? (
          <img className="messages-card-picture" src={thumb} alt={file.name} decoding="async" />
        ) : (
          <span className="messages-card-picture" aria-hidden="true" />
        )
      ) : (
        <CardIcon kind="file" />
      )}
      <span className="messages-card-text">
        <span className="messages-card-title">{file.name}</span>
        <span className="form-hint">{sizeText(file.sizeBytes, locale)}</span>
      </span>
      <button
        type="button"
        className="app-button app-button-small app-button-outline"
        disabled={busy}
        aria-label={t('MESSAGES.DOWNLOAD_NAMED', { name: file.name })}
        onClick={() => void download()}
      >
        {t('MESSAGES.DOWNLOAD')}
      </button>
    </div>
  );
}

/**
 * A file's or a call's symbol, drawn (an emoji needs a colour font many systems lack): a paper
 * clip, a video camera; ionicons' style (512 grid, round 32-unit strokes).
 */
const CARD_ICONS = {
  file: 'M216 176v176a40 40 0 0 0 80 0V144a72 72 0 0 0-144 0v208a104 104 0 0 0 208 0V176',
  meeting: 'M80 144h240a32 32 0 0 1 32 32v160a32 32 0 0 1-32 32H80a32 32 0 0 1-32-32V176a32 32 0 0 1 32-32zM352 224l112-64v192l-112-64',
} as const;
function CardIcon({ kind }: { kind: keyof typeof CARD_ICONS }) {
  return (
    <svg className="messages-card-icon" viewBox="0 0 512 512" width="40" height="40" aria-hidden="true" focusable="false">
      <path d={CARD_ICONS[kind]} fill="none" stroke="currentColor" strokeWidth="32" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A video meeting: its title, when (in the reader's time zone), Join, and Add to calendar (.ics). */
export function MeetingCard({ meeting }: { meeting: Meeting }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const title = meeting.title || t('MESSAGES.MEETING_DEFAULT_TITLE');
  const when = meeting.startsAt
    ? dateTimeOf(meeting.startsAt, locale)
    : t('MESSAGES.MEETING_STARTED', { time: timeOf(meeting.createdAt, locale) });
  const addToCalendar = async () => {
    setBusy(true);
    try {
      await downloadMeetingIcs(meeting.id);
    } catch {
      // the shell shows the API's refusal
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="messages-card messages-card-meeting">
      <CardIcon kind="meeting" />
      <span className="messages-card-text">
        <span className="messages-card-title">{title}</span>
        <span className="form-hint">
          <time dateTime={meeting.startsAt ?? meeting.createdAt}>{when}</time>
        </span>
      </span>
      <span className="messages-card-actions">
        {/* a full page load: only the meeting page's own security policy lets the video host in */}
        <a href={LINKED_PATHS.meeting(meeting.id)} className="app-button app-button-small">
          {t('MESSAGES.MEETING_JOIN')}
        </a>
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          disabled={busy}
          onClick={() => void addToCalendar()}
        >
          {t('MESSAGES.MEETING_CALENDAR')}
        </button>
      </span>
    </div>
  );
}
