import { PUSH_KINDS, type PushDeviceView, type PushKind, type PushPlatform, type PushSettings } from '@spotlist/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatDateTime, useLocale } from '../../../lib/format';
import {
  disablePush,
  enablePush,
  getPushConfig,
  isPushEnabledHere,
  PushDeniedError,
  pushDeviceId,
  pushPermission,
  pushPlatform,
  pushUnavailable,
  type PushPermission,
  type PushUnavailable,
} from '../../../lib/push';
import { withQueryClient } from '../../../lib/query-client';
import { useTranslation } from '../../../lib/translator';
import { pushDevicesQueryOptions, usePushDevices, useRemovePushDevice } from '../api/push-devices';
import { usePushSettings, useUpdatePushSettings } from '../api/push-settings';
import { sendTestPush } from '../api/send-test-push';
import { QuietHoursForm } from './quiet-hours-form';
import './notifications-section.css';

/**
 * The kinds a user can switch. Replies to guest requests are not offered: guests have no account
 * and no push device yet, so the server sends none (docs/decisions/0032) and the switch would
 * change nothing.
 */
type ShownKind = Exclude<PushKind, 'guestReply'>;
const SHOWN_KINDS = PUSH_KINDS.filter((k): k is ShownKind => k !== 'guestReply');
const KIND_KEYS: Record<ShownKind, string> = {
  message: 'SETTINGS.PUSH_KIND_MESSAGE',
  match: 'SETTINGS.PUSH_KIND_MATCH',
  followRequest: 'SETTINGS.PUSH_KIND_FOLLOW_REQUEST',
  meeting: 'SETTINGS.PUSH_KIND_MEETING',
};

const PLATFORM_KEYS: Record<PushPlatform, string> = {
  web: 'SETTINGS.PUSH_PLATFORM_WEB',
  ios: 'SETTINGS.PUSH_PLATFORM_IOS',
  android: 'SETTINGS.PUSH_PLATFORM_ANDROID',
};

/**
 * The settings page's "Notifications" (issue 18): push on this device (lib/push.ts: the permission
 * is asked only when the user turns it on), what may be sent (per kind, hide message text, quiet
 * hours; the account's settings, for all its devices), a test notification and the account's
 * devices. A lazy chunk of the settings page: react-query and the push code load with it.
 */
function NotificationsSection() {
  const { t } = useTranslation();
  const client = useQueryClient();
  // this device's state is lifted here: removing "this device" from the list turns push off here too
  const [enabledHere, setEnabledHere] = useState(isPushEnabledHere);
  const devicesChanged = useCallback(() => client.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey }), [client]);
  // removed from the list on another device: push is not on here any more (turning it on adds it again)
  const devices = usePushDevices();
  const registered = devices.data ? devices.data.some((d) => d.deviceId === pushDeviceId()) : undefined;

  return (
    <section className="form-section notifications-section" aria-labelledby="settings-notifications">
      <h2 id="settings-notifications">{t('SETTINGS.NOTIFICATIONS')}</h2>
      <PushHere enabled={enabledHere && registered !== false} onEnabled={setEnabledHere} onDevicesChanged={devicesChanged} />
      <PushPreferences />
      <TestPush />
      <PushDevices onThisDeviceRemoved={() => setEnabledHere(false)} />
    </section>
  );
}

export default withQueryClient(NotificationsSection);

/** Push on this device: the switch, and the browser's permission or why push cannot work here. */
function PushHere({
  enabled,
  onEnabled,
  onDevicesChanged,
}: {
  enabled: boolean;
  onEnabled: (enabled: boolean) => void;
  onDevicesChanged: () => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  // the app's devices are only reached when the server has FCM (Android) or APNs (iOS) (GET
  // /api/pushconfig nativeDelivery): otherwise the switch would store a device nothing is ever sent to
  const platform = pushPlatform();
  const nativeHere = platform !== 'web';
  const config = useQuery({ queryKey: ['push-config'], queryFn: getPushConfig, enabled: nativeHere, staleTime: Infinity });
  const unavailable: PushUnavailable | 'no-native-delivery' | null =
    pushUnavailable() ?? (platform !== 'web' && config.data?.nativeDelivery[platform] === false ? 'no-native-delivery' : null);
  const [permission, setPermission] = useState<PushPermission | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // the permission can be changed in the browser's or phone's settings while the page is open
  useEffect(() => {
    if (unavailable) return;
    const read = () => {
      pushPermission().then(setPermission, () => setPermission(null));
    };
    read();
    window.addEventListener('focus', read);
    document.addEventListener('visibilitychange', read);
    return () => {
      window.removeEventListener('focus', read);
      document.removeEventListener('visibilitychange', read);
    };
  }, [unavailable]);

  const blocked = permission === 'denied';
  const on = enabled && !blocked && !unavailable;

  const toggle = async (next: boolean) => {
    setBusy(true);
    setFailure(null);
    try {
      if (next) {
        await enablePush();
        setPermission('granted');
      } else {
        await disablePush();
      }
    } catch (error) {
      if (error instanceof PushDeniedError) setPermission('denied');
      // an API refusal is shown by the shell's toast; what failed in the browser is said here
      else if (!isApiError(error)) setFailure(t('SETTINGS.PUSH_FAILED'));
    } finally {
      // the list first: the switch follows this device's record in it
      await onDevicesChanged();
      onEnabled(isPushEnabledHere());
      setBusy(false);
    }
  };

  const status =
    unavailable === 'no-push-api'
      ? t('SETTINGS.PUSH_NO_API')
      : unavailable === 'no-service-worker'
        ? t('SETTINGS.PUSH_NO_SERVICE_WORKER')
        : unavailable === 'no-native-delivery'
          ? t('SETTINGS.PUSH_NO_NATIVE_DELIVERY')
          : blocked
            ? t('SETTINGS.PUSH_BLOCKED')
            : on
              ? t('SETTINGS.PUSH_ON_HERE')
              : t('SETTINGS.PUSH_OFF_HERE');

  return (
    <div className="push-here">
      <div className="check-field">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          disabled={busy || unavailable !== null || blocked}
          aria-describedby={`${id}-status`}
          onChange={(e) => void toggle(e.target.checked)}
        />
        <label htmlFor={id}>{t('SETTINGS.PUSH_DEVICE')}</label>
      </div>
      <p id={`${id}-status`} className={blocked || unavailable ? 'form-error' : 'form-hint'}>
        {status}
      </p>
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}

/** What may be sent to the account's devices: per kind, the message text, quiet hours. */
function PushPreferences() {
  const { t } = useTranslation();
  const settings = usePushSettings();
  const update = useUpdatePushSettings();
  const id = useId();
  if (!settings.data) {
    return settings.isPending ? <p className="form-hint">{t('COMMON.LOADING')}</p> : null;
  }
  const current = settings.data;
  const save = (next: PushSettings) => update.mutateAsync(next).catch(() => undefined);

  return (
    <>
      <fieldset className="form-field radio-field push-kinds">
        <legend>{t('SETTINGS.PUSH_KINDS')}</legend>
        {SHOWN_KINDS.map((kind) => (
          <div key={kind} className="check-field">
            <input
              id={`${id}-${kind}`}
              type="checkbox"
              role="switch"
              checked={current.kinds[kind]}
              onChange={(e) => void save({ ...current, kinds: { ...current.kinds, [kind]: e.target.checked } })}
            />
            <label htmlFor={`${id}-${kind}`}>{t(KIND_KEYS[kind])}</label>
          </div>
        ))}
      </fieldset>
      <div className="check-field">
        <input
          id={`${id}-hide`}
          type="checkbox"
          role="switch"
          checked={current.hideMessageText}
          aria-describedby={`${id}-hide-hint`}
          onChange={(e) => void save({ ...current, hideMessageText: e.target.checked })}
        />
        <label htmlFor={`${id}-hide`}>{t('SETTINGS.PUSH_HIDE_TEXT')}</label>
        <p id={`${id}-hide-hint`} className="form-hint check-hint">
          {t('SETTINGS.PUSH_HIDE_TEXT_HINT')}
        </p>
      </div>
      <QuietHoursForm settings={current} onSave={(quietHours) => update.mutateAsync({ ...current, quietHours })} />
    </>
  );
}

/** "Send a test notification": one to each of the account's devices. */
function TestPush() {
  const { t } = useTranslation();
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' } | { status: 'failed'; message: string }>({
    status: 'idle',
  });
  const send = async () => {
    setState({ status: 'sending' });
    try {
      await sendTestPush();
      setState({ status: 'sent' });
    } catch (error) {
      const message = isApiError(error) && error.key === 'error.push.nodevices' ? t('SETTINGS.PUSH_TEST_NO_DEVICES') : errorText(error);
      setState({ status: 'failed', message });
    }
  };
  return (
    <div className="push-test">
      <button type="button" className="app-button app-button-outline" disabled={state.status === 'sending'} onClick={() => void send()}>
        {t('SETTINGS.PUSH_TEST')}
      </button>
      {state.status === 'sent' && (
        <p className="form-success" role="status">
          {t('SETTINGS.PUSH_TEST_SENT')}
        </p>
      )}
      {state.status === 'failed' && (
        <p className="form-error" role="alert">
          {state.message}
        </p>
      )}
    </div>
  );
}

/** The account's devices (label, platform, last used) with "Remove". */
function PushDevices({ onThisDeviceRemoved }: { onThisDeviceRemoved: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const devices = usePushDevices();
  const remove = useRemovePushDevice();
  const client = useQueryClient();
  const [removing, setRemoving] = useState<number | null>(null);
  const here = pushDeviceId();

  const removeDevice = async (device: PushDeviceView) => {
    setRemoving(device.id);
    try {
      if (device.deviceId === here) {
        // this device: the subscription ends too, or the next login would bring the record back
        await disablePush();
        onThisDeviceRemoved();
        await client.invalidateQueries({ queryKey: pushDevicesQueryOptions().queryKey });
      } else {
        await remove.mutateAsync(device.id);
      }
    } catch {
      // the shell shows the error toast
    } finally {
      setRemoving(null);
    }
  };

  const name = (d: PushDeviceView) => d.label ?? t(PLATFORM_KEYS[d.platform]);

  return (
    <div className="push-devices">
      <h3 id="settings-push-devices">{t('SETTINGS.PUSH_DEVICES')}</h3>
      {devices.isPending ? (
        <p className="form-hint">{t('COMMON.LOADING')}</p>
      ) : !devices.data?.length ? (
        devices.data && <EmptyState compact text={t('SETTINGS.PUSH_DEVICES_EMPTY')} />
      ) : (
        <ul className="location-list" aria-labelledby="settings-push-devices">
          {devices.data.map((d) => (
            <li key={d.id} className="location-item">
              <span className="push-device">
                <span>
                  <strong>{name(d)}</strong>
                  {d.deviceId === here && <span className="badge">{t('SETTINGS.PUSH_THIS_DEVICE')}</span>}
                </span>
                <span className="form-hint">
                  {t(PLATFORM_KEYS[d.platform])} ·{' '}
                  {d.lastUsedAt
                    ? t('SETTINGS.PUSH_LAST_USED', { date: formatDateTime(d.lastUsedAt, locale) })
                    : t('SETTINGS.PUSH_ADDED', { date: formatDateTime(d.createdAt, locale) })}
                </span>
              </span>
              <button
                type="button"
                className="app-button app-button-outline app-button-small"
                disabled={removing !== null}
                aria-label={t('SETTINGS.PUSH_REMOVE_NAMED', { name: name(d) })}
                onClick={() => void removeDevice(d)}
              >
                {t('SETTINGS.PUSH_REMOVE')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
