/**
 * "Where is my shuttle?" (issue 21): the shuttles an app client shows, live on a map, each with its
 * distance to the hotel (or another stop of the business) and an arrival estimate from its recent
 * speed, labelled an estimate; and a link to share for people without the app, valid 1, 4 or
 * 24 hours. Its own chunk, loaded when the app client shows vehicles; also the page of a shared
 * link (`/shuttle/{token}`, main.tsx).
 */
import { FLEET_SHARE_HOURS, type FleetLiveVehicle, type PublicFleet } from '@spotlist/contracts';
import { useEffect, useState } from 'preact/hooks';
import { request } from '../lib/api.ts';
import { arrival } from './eta.ts';
import { ShuttleMap } from './shuttle-map.tsx';
import { shuttleTranslator, type ShuttleTranslate } from './shuttle-i18n.ts';
import { useLiveFleet, type FleetSource } from './use-fleet.ts';
import './shuttle.css';

export { shuttleTranslator };

const numberFormats = new Map<string, Intl.NumberFormat>();
const unit = (lang: string, u: string, n: number, digits = 0) => {
  const k = `${lang}:${u}:${digits}`;
  let f = numberFormats.get(k);
  if (!f)
    numberFormats.set(
      k,
      (f = new Intl.NumberFormat(lang, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: digits })),
    );
  return f.format(n);
};
const distance = (lang: string, m: number) =>
  m < 1000 ? unit(lang, 'meter', Math.round(m / 10) * 10) : unit(lang, 'kilometer', m / 1000, 1);

function ago(lang: string, iso: string, now: number): string {
  const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto', style: 'short' });
  if (s < 5) return rtf.format(0, 'second');
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
  return rtf.format(-Math.floor(s / 3600), 'hour');
}

function useNow(ms = 1000) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(t);
  }, [ms]);
  return now;
}

/**
 * The entry in the guest app and the widget (shown only when that app client shows vehicles). In
 * the guest app it floats at the bottom of the screen: always at hand, and its arrival after the
 * page's first paint moves nothing.
 */
export function ShuttleButton({ lang, onOpen, floating = false }: { lang: string; onOpen: () => void; floating?: boolean }) {
  const t = shuttleTranslator(lang);
  return (
    <button type="button" class={floating ? 'sl-btn sl-shuttle-entry sl-shuttle-fab' : 'sl-btn sl-shuttle-entry'} onClick={onOpen}>
      <span class="sl-shuttle-icon" aria-hidden="true" />
      <span>
        <strong>{t('where')}</strong>
        <small>{t('whereHint')}</small>
      </span>
    </button>
  );
}

type Stop = { name: string; latitude: number; longitude: number };

function Row({ v, stop, lang, t, now }: { v: FleetLiveVehicle; stop: Stop | undefined; lang: string; t: ShuttleTranslate; now: number }) {
  const a = stop ? arrival(v, stop) : null;
  const state = v.status === 'offline' ? t('offline') : v.status === 'moving' ? t('moving') : t('stopped');
  return (
    <li class={`sl-shuttle-row sl-shuttle-${v.status}`}>
      <span class="sl-shuttle-dot" aria-hidden="true" />
      <div>
        <strong>{v.name}</strong>
        <span class="sl-shuttle-facts">
          {a?.kind === 'at' ? t('atStop', stop!.name) : state}
          {a && a.kind !== 'at' && <> · {t('away', distance(lang, a.meters))}</>}
        </span>
        {a?.kind === 'eta' && (
          <span class="sl-shuttle-eta">
            {t('eta', String(a.minutes))} <small>({t('estimate')})</small>
          </span>
        )}
        <small class="sl-shuttle-time">
          <time dateTime={v.positionAt}>{t('updated', ago(lang, v.positionAt, now))}</time>
        </small>
      </div>
    </li>
  );
}

/** Make a link for people without the app: its lifetime, then copy or the phone's share sheet. */
function Share({
  source,
  lang,
  t,
  name,
}: {
  source: FleetSource & { kind: 'guest-app' | 'widget' };
  lang: string;
  t: ShuttleTranslate;
  name: string;
}) {
  const [hours, setHours] = useState<number>(4);
  const [link, setLink] = useState<{ url: string; expiresAt: string } | null>(null);
  const [state, setState] = useState<'idle' | 'busy' | 'copied' | 'failed'>('idle');
  const make = async () => {
    setState('busy');
    try {
      const made = await request<{ url: string; expiresAt: string }>(
        `/api/public/fleet/${source.kind}/${encodeURIComponent(source.publicId)}/share`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ hours }),
        },
      );
      const address = new URL(made.url, location.origin);
      // the page opens in the language of the one who shares it
      address.searchParams.set('lang', lang);
      const url = address.href;
      setLink({ url, expiresAt: made.expiresAt });
      const title = t('shareTitle', name);
      if (typeof navigator.share === 'function') {
        await navigator.share({ title, url }).catch(() => {});
        setState('idle');
      } else {
        await navigator.clipboard?.writeText(url).then(
          () => setState('copied'),
          () => setState('idle'),
        );
        if (!navigator.clipboard) setState('idle');
      }
    } catch {
      setState('failed');
    }
  };
  const until = link ? new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(link.expiresAt)) : '';
  return (
    <section class="sl-section sl-shuttle-share" aria-label={t('share')}>
      <h2>{t('share')}</h2>
      <p class="sl-note">{t('shareHint')}</p>
      <div class="sl-actions">
        <label class="sl-shuttle-hours">
          <span>{t('shareFor')}</span>
          <select value={hours} onChange={(e) => setHours(Number((e.target as HTMLSelectElement).value))}>
            {FLEET_SHARE_HOURS.map((h) => (
              <option key={h} value={h}>
                {unit(lang, 'hour', h)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" class="sl-btn" disabled={state === 'busy'} onClick={() => void make()}>
          {t('createLink')}
        </button>
      </div>
      {link && (
        <p class="sl-shuttle-link">
          <input readOnly value={link.url} aria-label={t('share')} onFocus={(e) => (e.target as HTMLInputElement).select()} />
          <button
            type="button"
            class="sl-btn"
            onClick={() =>
              void navigator.clipboard?.writeText(link.url).then(
                () => setState('copied'),
                () => {},
              )
            }
          >
            {t('copy')}
          </button>
          <small>{t('validUntil', until)}</small>
        </p>
      )}
      {state === 'copied' && (
        <p class="sl-note" role="status">
          {t('copied')}
        </p>
      )}
      {state === 'failed' && (
        <p class="sl-note sl-error" role="alert">
          {t('error')}
        </p>
      )}
    </section>
  );
}

export function ShuttleView({
  source,
  lang,
  initial,
  onClose,
}: {
  source: FleetSource;
  lang: string;
  initial?: PublicFleet;
  /** The guest app's and widget's way back; a shared link's page has none. */
  onClose?: () => void;
}) {
  const t = shuttleTranslator(lang);
  const state = useLiveFleet(source, initial);
  const [stopIndex, setStop] = useState(0);
  const now = useNow();
  if (state.status !== 'ready')
    return (
      <section class="sl-shuttle">
        {onClose && (
          <button type="button" class="sl-btn sl-shuttle-back" onClick={onClose}>
            ← {t('back')}
          </button>
        )}
        <h1>{t('where')}</h1>
        <p class={state.status === 'error' ? 'sl-note sl-error' : 'sl-note'} role={state.status === 'error' ? 'alert' : 'status'}>
          {state.status === 'loading'
            ? '…'
            : state.reason === 'expired'
              ? t('expired')
              : state.reason === 'notfound'
                ? t('notFound')
                : t('error')}
        </p>
      </section>
    );
  const { fleet } = state;
  const stops = fleet.stops ?? [];
  const stop = stops[Math.min(stopIndex, stops.length - 1)];
  // the next to arrive first: at the stop, then by estimate, then without one, then offline
  const rank = (v: FleetLiveVehicle): number => {
    if (v.status === 'offline') return 1e9;
    const a = stop ? arrival(v, stop) : null;
    return !a ? 1e6 : a.kind === 'at' ? 0 : a.kind === 'eta' ? a.minutes : 1e6 + a.meters;
  };
  const vehicles = [...fleet.vehicles].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return (
    <section class="sl-shuttle" aria-labelledby="sl-shuttle-h">
      {onClose && (
        <button type="button" class="sl-btn sl-shuttle-back" onClick={onClose}>
          ← {t('back')}
        </button>
      )}
      <h1 id="sl-shuttle-h">{t('where')}</h1>
      {fleet.businessName && <p class="sl-note">{fleet.businessName}</p>}
      {!state.live && (
        <p class="sl-note" role="status">
          {t('reconnecting')}
        </p>
      )}
      {stops.length > 1 && (
        <label class="sl-shuttle-stop">
          <span>{t('distanceTo')}</span>
          <select value={stopIndex} onChange={(e) => setStop(Number((e.target as HTMLSelectElement).value))}>
            {stops.map((s, i) => (
              <option key={i} value={i}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <ShuttleMap vehicles={fleet.vehicles} stops={stops} stop={Math.min(stopIndex, stops.length - 1)} label={t('map')} />
      {vehicles.length === 0 ? (
        <p class="sl-note">{t('none')}</p>
      ) : (
        <ul class="sl-shuttle-list" aria-live="polite" aria-busy={false}>
          {vehicles.map((v) => (
            <Row key={v.id} v={v} stop={stop} lang={lang} t={t} now={now} />
          ))}
        </ul>
      )}
      {source.kind !== 'shared' && <Share source={source} lang={lang} t={t} name={fleet.businessName ?? ''} />}
      {source.kind === 'shared' && fleet.viewUntil && (
        <p class="sl-note">
          {t('validUntil', new Intl.DateTimeFormat(lang, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(fleet.viewUntil)))}
        </p>
      )}
    </section>
  );
}
