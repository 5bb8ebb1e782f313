import '../fleet.css';
import type { FleetVehicle, GpsSettings } from '@spotlist/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { eyeOffOutline, eyeOutline, locateOutline, settingsOutline } from 'ionicons/icons';
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { useAuth } from '../../../lib/auth';
import { onRealtimeEvent } from '../../../lib/realtime';
import { withQueryClient } from '../../../lib/query-client';
import { errorText } from '../../../lib/error-text';
import { FlagGate } from '../../../components/flag-gate';
import { Icon } from '../../../components/icon';
import { MapLoading } from '../../../components/map-loading';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { applyLive, useFleet, useShowHide } from '../api/fleet';
import { appClientLabel } from '../components/app-clients';
import { FleetSettings, PROVIDER_KEY } from '../components/fleet-settings';
import { STATUS_COLOR, useAgo, useNow, VehicleFacts } from '../components/vehicle-facts';

const FleetMap = lazy(() => import('../components/fleet-map'));

const HEALTH_KEY: Record<GpsSettings['health']['status'], string> = {
  waiting: 'FLEET.HEALTH_WAITING',
  ok: 'FLEET.HEALTH_OK',
  failing: 'FLEET.HEALTH_FAILING',
  paused: 'FLEET.HEALTH_PAUSED',
};

/** The connection's health: live or not, the last successful poll, the last error in words. */
function Health({ settings, onSettings }: { settings: GpsSettings; onSettings: () => void }) {
  const { t } = useTranslation();
  const now = useNow();
  const ago = useAgo();
  const h = settings.health;
  const counts = { moving: 0, stopped: 0, offline: 0 };
  for (const v of settings.webFleetVehicleList) counts[v.status] += 1;
  return (
    <section className={`fleet-health fleet-health-${h.status}`} aria-label={t('FLEET.HEALTH')}>
      <div className="fleet-health-main">
        <span className="fleet-health-dot" aria-hidden="true" />
        <strong>{t(HEALTH_KEY[h.status])}</strong>
        <span className="fleet-health-provider">{t(PROVIDER_KEY[settings.provider!])}</span>
      </div>
      <p className="fleet-health-line">
        {t('FLEET.LAST_SUCCESS')}: <time dateTime={h.lastSuccessAt ?? undefined}>{ago(h.lastSuccessAt, now)}</time>
        {' · '}
        {t('FLEET.COUNTS', { moving: counts.moving, stopped: counts.stopped, offline: counts.offline })}
      </p>
      {h.lastErrorKey && (
        <p className="fleet-health-error" role="alert">
          {t(`ERROR.${h.lastErrorKey}`)}
        </p>
      )}
      <button type="button" className="app-button app-button-outline app-button-small fleet-icon-button" onClick={onSettings}>
        <Icon icon={settingsOutline} />
        {t('FLEET.SETTINGS')}
      </button>
    </section>
  );
}

/** One vehicle in the list: its state, and an eye per app client that shows vehicles (tap: show or hide it there). */
function VehicleRow({
  vehicle: v,
  clients,
  selected,
  onSelect,
}: {
  vehicle: FleetVehicle;
  clients: GpsSettings['appClients'];
  selected: boolean;
  onSelect: () => void;
}) {
  const { t } = useTranslation();
  const showHide = useShowHide();
  return (
    <li className={selected ? 'fleet-row fleet-row-selected' : 'fleet-row'}>
      <button type="button" className="fleet-row-main" onClick={onSelect} aria-pressed={selected}>
        <span className="fleet-dot" style={{ background: STATUS_COLOR[v.status] }} aria-hidden="true" />
        <span className="fleet-row-text">
          <span className="fleet-row-name">{v.name}</span>
          <VehicleFacts vehicle={v} />
        </span>
      </button>
      {clients.length > 0 && (
        <div className="fleet-eyes" role="group" aria-label={t('FLEET.SHOWN_IN', { name: v.name })}>
          {clients.map((c) => {
            const shown = v.shownIn.includes(c.id);
            const label = appClientLabel(c, t);
            return (
              <button
                key={c.id}
                type="button"
                className={shown ? 'fleet-eye' : 'fleet-eye fleet-eye-off'}
                aria-pressed={shown}
                title={shown ? t('FLEET.HIDE_IN', { app: label }) : t('FLEET.SHOW_IN_APP', { app: label })}
                disabled={showHide.isPending}
                onClick={() => showHide.mutate({ id: v.id, appClientId: c.id, shown: !shown })}
              >
                <Icon icon={shown ? eyeOutline : eyeOffOutline} />
                <span>{label}</span>
              </button>
            );
          })}
        </div>
      )}
      {showHide.isError && (
        <p role="alert" className="fleet-row-error">
          {errorText(showHide.error)}
        </p>
      )}
    </li>
  );
}

function Tracking() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const id = useId();
  const client = useQueryClient();
  const fleet = useFleet(user?.hasGuest === true);
  const [editing, setEditing] = useState(false);
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [fitKey, setFitKey] = useState(0);
  useEffect(() => onRealtimeEvent('fleet.moved', (p) => applyLive(client, p.vehicles, p.polledAt)), [client]);
  const s = fleet.data;
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return (s?.webFleetVehicleList ?? []).filter((v) => !q || v.name.toLocaleLowerCase().includes(q));
  }, [s, query]);
  if (fleet.isPending) return <Skeleton count={3} />;
  if (fleet.isError || !s) return <p role="alert">{errorText(fleet.error)}</p>;
  const clients = s.appClients.filter((c) => s.appClientIds.includes(c.id));
  if (!s.provider || editing)
    return (
      <>
        {!s.provider && <p className="form-hint fleet-intro">{t('FLEET.INTRO')}</p>}
        <FleetSettings settings={s} onSaved={() => setEditing(false)} onCancel={s.provider ? () => setEditing(false) : undefined} />
      </>
    );
  return (
    <>
      <Health settings={s} onSettings={() => setEditing(true)} />
      <div className="fleet-layout">
        <Suspense fallback={<MapLoading />}>
          <FleetMap vehicles={shown} selectedId={selected} onSelect={setSelected} fitKey={fitKey} label={t('FLEET.MAP')} />
        </Suspense>
        <section className="fleet-list" aria-labelledby={`${id}-v`}>
          <div className="fleet-list-head">
            <h2 id={`${id}-v`}>{t('FLEET.VEHICLES', { count: s.webFleetVehicleList.length })}</h2>
            <button
              type="button"
              className="app-button app-button-outline app-button-small fleet-icon-button"
              onClick={() => setFitKey((k) => k + 1)}
            >
              <Icon icon={locateOutline} />
              {t('FLEET.SHOW_ALL')}
            </button>
          </div>
          <TextInput
            label={t('FLEET.SEARCH')}
            type="search"
            value={query}
            onValue={(q) => {
              setQuery(q);
              setFitKey((k) => k + 1);
            }}
          />
          {s.webFleetVehicleList.length === 0 ? (
            <p className="form-hint">{t(s.health.status === 'waiting' ? 'FLEET.NONE_YET' : 'FLEET.NONE')}</p>
          ) : shown.length === 0 ? (
            <p className="form-hint">{t('FLEET.NO_MATCH')}</p>
          ) : (
            <ul className="fleet-rows">
              {shown.map((v) => (
                <VehicleRow key={v.id} vehicle={v} clients={clients} selected={v.id === selected} onSelect={() => setSelected(v.id)} />
              ))}
            </ul>
          )}
          {clients.length === 0 && <p className="form-hint">{t('FLEET.NOT_SHOWN_ANYWHERE')}</p>}
        </section>
      </div>
    </>
  );
}

/** GPSTrackingPage (SPEC §2 `gps-tracking`, gpstrackingactivated): the fleet live on a map, where each vehicle shows, the provider. */
function GpsTrackingPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('MENU.GPS_TRACKING')} narrow={false}>
      <FlagGate flag="gpstrackingactivated">
        <h1>{t('MENU.GPS_TRACKING')}</h1>
        <Tracking />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(GpsTrackingPage);
