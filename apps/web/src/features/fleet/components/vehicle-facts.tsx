import type { FleetStatus, FleetVehicle } from '@spotlist/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { formatNumber, useLocale } from '../../../lib/format';

/** Leaflet's markup takes literal colours (the tiles stay light in dark mode): moving green, stopped amber, offline grey. */
export const STATUS_COLOR: Record<FleetStatus, string> = { moving: '#1b6e5a', stopped: '#a15c00', offline: '#6b7280' };
export const STATUS_KEY: Record<FleetStatus, string> = {
  moving: 'FLEET.STATUS_MOVING',
  stopped: 'FLEET.STATUS_STOPPED',
  offline: 'FLEET.STATUS_OFFLINE',
};

/** The time now, again every `ms` (for "12 s ago"). */
export function useNow(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** "just now", "12 s ago", "3 min ago", "2 h ago" (Intl, in the user's language). */
export function useAgo(): (iso: string | null, now: number) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (iso, now) => {
    if (!iso) return t('FLEET.NEVER');
    const s = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
    const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
    if (s < 5) return rtf.format(0, 'second');
    if (s < 60) return rtf.format(-s, 'second');
    if (s < 3600) return rtf.format(-Math.floor(s / 60), 'minute');
    if (s < 86_400) return rtf.format(-Math.floor(s / 3600), 'hour');
    return rtf.format(-Math.floor(s / 86_400), 'day');
  };
}

/** A vehicle's state, speed and last position time, on one line. */
export function VehicleFacts({ vehicle: v }: { vehicle: FleetVehicle }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const now = useNow();
  const ago = useAgo();
  const speed = v.speedKmh === null ? null : formatNumber(Math.round(v.speedKmh), locale, { style: 'unit', unit: 'kilometer-per-hour' });
  return (
    <span className="fleet-facts">
      <span className={`fleet-status fleet-status-${v.status}`}>{t(STATUS_KEY[v.status])}</span>
      {v.status === 'moving' && speed && <span>{speed}</span>}
      <span>
        <time dateTime={v.positionAt}>{ago(v.positionAt, now)}</time>
      </span>
    </span>
  );
}
