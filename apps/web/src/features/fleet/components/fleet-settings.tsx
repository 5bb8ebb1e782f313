import {
  FLEET_MAX_POLL_SECONDS,
  FLEET_MIN_POLL_SECONDS,
  FLEET_PROVIDERS,
  FLEET_SIMULATOR_MAX_VEHICLES,
  type FleetProviderName,
  type GpsSettings,
  type GpsSettingsUpdate,
} from '@spotlist/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { errorText } from '../../../lib/error-text';
import { isApiError } from '../../../lib/api-client';
import { PlainSelect } from '../../../components/plain-select';
import { TextInput } from '../../../components/text-input';
import { useSaveFleet, useTestFleet } from '../api/fleet';
import { appClientLabel } from './app-clients';

export const PROVIDER_KEY: Record<FleetProviderName, string> = {
  simulator: 'FLEET.PROVIDER_SIMULATOR',
  webfleet: 'FLEET.PROVIDER_WEBFLEET',
  traccar: 'FLEET.PROVIDER_TRACCAR',
};

type Fields = Record<'account' | 'username' | 'password' | 'apiKey' | 'baseUrl' | 'token' | 'email', string>;

/** The credentials' fields per provider, in the order the provider's own screens name them. */
const CREDENTIAL_FIELDS: Record<
  Exclude<FleetProviderName, 'simulator'>,
  { name: keyof Fields; label: string; type: 'text' | 'password' | 'email' | 'url'; hint?: string }[]
> = {
  webfleet: [
    { name: 'account', label: 'FLEET.WEBFLEET_ACCOUNT', type: 'text' },
    { name: 'username', label: 'FLEET.USERNAME', type: 'text' },
    { name: 'password', label: 'FLEET.PASSWORD', type: 'password' },
    { name: 'apiKey', label: 'FLEET.API_KEY', type: 'password' },
  ],
  traccar: [
    { name: 'baseUrl', label: 'FLEET.TRACCAR_URL', type: 'url' },
    { name: 'token', label: 'FLEET.TOKEN', type: 'password', hint: 'FLEET.TOKEN_HINT' },
    { name: 'email', label: 'FLEET.EMAIL', type: 'email' },
    { name: 'password', label: 'FLEET.PASSWORD', type: 'password' },
  ],
};
const EMPTY: Fields = { account: '', username: '', password: '', apiKey: '', baseUrl: '', token: '', email: '' };

/** The credentials typed in, or undefined when none were (the stored ones stay). */
function credentialsOf(provider: FleetProviderName, f: Fields, baseUrlBefore: string | null): GpsSettingsUpdate['credentials'] {
  if (provider === 'simulator') return undefined;
  if (provider === 'webfleet') {
    if (!f.account && !f.username && !f.password && !f.apiKey) return undefined;
    return { provider, account: f.account, username: f.username, password: f.password, apiKey: f.apiKey };
  }
  if (!f.token && !f.email && !f.password && f.baseUrl === (baseUrlBefore ?? '')) return undefined;
  return {
    provider,
    baseUrl: f.baseUrl,
    ...(f.token ? { token: f.token } : {}),
    ...(f.email ? { email: f.email } : {}),
    ...(f.password ? { password: f.password } : {}),
  };
}

/**
 * The provider, its credentials (written, never shown again: a stored one reads "saved"), the
 * polling interval, the simulator's fleet size and where vehicles show; "Test connection" asks the
 * provider once without saving.
 */
export function FleetSettings({ settings, onSaved, onCancel }: { settings: GpsSettings; onSaved: () => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveFleet();
  const test = useTestFleet();
  const [provider, setProvider] = useState<FleetProviderName>(settings.provider ?? 'simulator');
  const [fields, setFields] = useState<Fields>({ ...EMPTY, baseUrl: settings.baseUrl ?? '' });
  const [poll, setPoll] = useState(String(settings.provider ? settings.pollSeconds : 10));
  const [vehicles, setVehicles] = useState(String(settings.simulatorVehicles));
  const [clients, setClients] = useState<string[]>(
    settings.provider ? settings.appClientIds : settings.appClients.filter((c) => c.id === 'guestapp').map((c) => c.id),
  );
  const set = (k: keyof Fields) => (v: string) => setFields((f) => ({ ...f, [k]: v }));
  const stored = settings.credentialsSet && settings.provider === provider;
  const keep = stored ? t('FLEET.SECRET_SAVED') : undefined;
  const min = FLEET_MIN_POLL_SECONDS[provider];
  const update = (): GpsSettingsUpdate => ({
    provider,
    credentials: credentialsOf(provider, fields, settings.baseUrl),
    pollSeconds: Number(poll),
    appClientIds: clients,
    simulatorVehicles: Number(vehicles),
  });
  const fieldError = (name: string) => {
    const e = save.error;
    if (!isApiError(e) || !e.fields) return null;
    const f = e.fields.find((x) => x.path.endsWith(name));
    return f ? t(f.key) : null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    test.reset();
    save.mutate(update(), {
      onSuccess: () => {
        setFields({ ...EMPTY, baseUrl: fields.baseUrl });
        onSaved();
      },
    });
  };
  const pollNumber = Number(poll);
  const pollError = poll !== '' && (!Number.isInteger(pollNumber) || pollNumber < min || pollNumber > FLEET_MAX_POLL_SECONDS);
  return (
    <form className="form-section fleet-settings" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('FLEET.SETTINGS')}</h2>
      <PlainSelect
        label={t('FLEET.PROVIDER')}
        value={provider}
        onValue={(p) => {
          setProvider(p);
          // an interval below the new provider's limit is raised to it
          setPoll((now) => String(Math.max(Number(now) || 0, FLEET_MIN_POLL_SECONDS[p])));
          save.reset();
          test.reset();
        }}
        options={FLEET_PROVIDERS.map((p) => ({ value: p, label: t(PROVIDER_KEY[p]) }))}
        hint={provider === 'simulator' ? t('FLEET.SIMULATOR_HINT') : undefined}
      />
      {provider !== 'simulator' && (
        <div className="fleet-fields">
          {CREDENTIAL_FIELDS[provider].map((f) => (
            <TextInput
              key={f.name}
              label={t(f.label)}
              type={f.type}
              value={fields[f.name]}
              onValue={set(f.name)}
              // the server address is shown again; a secret is written, never read back
              placeholder={f.name === 'baseUrl' ? 'https://' : keep}
              autoComplete={f.type === 'password' ? 'new-password' : 'off'}
              hint={f.hint && t(f.hint)}
              error={fieldError(f.name)}
            />
          ))}
        </div>
      )}
      {stored && provider !== 'simulator' && <p className="form-hint">{t('FLEET.SECRETS_HINT')}</p>}
      <div className="fleet-numbers">
        <TextInput
          label={t('FLEET.INTERVAL')}
          value={poll}
          onValue={setPoll}
          inputMode="decimal"
          hint={pollError ? undefined : t('FLEET.INTERVAL_HINT', { min })}
          error={pollError ? t('FLEET.INTERVAL_HINT', { min }) : fieldError('pollSeconds')}
        />
        {provider === 'simulator' && (
          <TextInput
            label={t('FLEET.SIMULATOR_VEHICLES')}
            value={vehicles}
            onValue={setVehicles}
            inputMode="decimal"
            hint={t('FLEET.SIMULATOR_VEHICLES_HINT', { max: FLEET_SIMULATOR_MAX_VEHICLES })}
            error={fieldError('simulatorVehicles')}
          />
        )}
      </div>
      <fieldset className="fleet-clients">
        <legend>{t('FLEET.SHOW_IN')}</legend>
        {settings.appClients.length === 0 && <p className="form-hint">{t('FLEET.NO_APP_CLIENTS')}</p>}
        {settings.appClients.map((c) => (
          <div key={c.id} className="check-field">
            <input
              id={`${id}-${c.id}`}
              type="checkbox"
              checked={clients.includes(c.id)}
              onChange={(e) => setClients((now) => (e.target.checked ? [...now, c.id] : now.filter((x) => x !== c.id)))}
            />
            <label htmlFor={`${id}-${c.id}`}>{appClientLabel(c, t)}</label>
          </div>
        ))}
      </fieldset>
      {save.isError && <p role="alert">{errorText(save.error)}</p>}
      {save.isSuccess && <p role="status">{t('FLEET.SAVED')}</p>}
      {test.data && (
        <p role="status" className={test.data.ok ? 'fleet-test-ok' : 'fleet-test-failed'}>
          {test.data.ok ? t('FLEET.TEST_OK', { count: test.data.vehicles }) : t(`ERROR.${test.data.key ?? 'error.fleet.provider'}`)}
        </p>
      )}
      {test.isError && <p role="alert">{errorText(test.error)}</p>}
      <div className="fleet-actions">
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={test.isPending || pollError}
          onClick={() => test.mutate(update())}
        >
          {test.isPending ? t('FLEET.TESTING') : t('FLEET.TEST')}
        </button>
        <button type="submit" className="app-button" disabled={save.isPending || pollError}>
          {t('FLEET.SAVE')}
        </button>
        {onCancel && (
          <button type="button" className="app-button app-button-outline" onClick={onCancel}>
            {t('COMMON.CANCEL')}
          </button>
        )}
      </div>
    </form>
  );
}
