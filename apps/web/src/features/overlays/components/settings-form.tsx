import {
  OVERLAY_AGAIN_DAYS_MAX,
  OVERLAY_DELAY_MAX,
  OVERLAY_FORMATS,
  type OverlayFrequency,
  type OverlaySettingsInput,
  type OverlayTrigger,
  type OverlayView,
} from '@spotlist/contracts';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { PlainSelect } from '../../../components/plain-select';
import { TextInput } from '../../../components/text-input';
import { useAuth } from '../../../lib/auth';
import { languageNameKey } from '../../../lib/language';
import { useBusinessWidgets, useSaveSettings } from '../api/overlays';
import { FORMAT_KEYS, FREQUENCY_KEYS, TRIGGER_KEYS } from '../overlay-paths';

type Settings = OverlaySettingsInput;

const settingsOf = (o: OverlayView): Settings => ({
  name: o.name,
  format: o.format,
  where: o.where,
  trigger: o.trigger,
  frequency: o.frequency,
  schedule: o.schedule,
  fallback: o.fallback as Settings['fallback'],
});

/** The default parameter of each trigger kind (the number field keeps what the business typed). */
const TRIGGERS: Record<OverlayTrigger['kind'], OverlayTrigger> = {
  load: { kind: 'load', delaySeconds: 3 },
  scroll: { kind: 'scroll', percent: 50 },
  exit: { kind: 'exit', fallbackSeconds: 20 },
  click: { kind: 'click', elementId: 'newsletter' },
};
const FREQUENCIES: Record<OverlayFrequency['kind'], OverlayFrequency> = {
  always: { kind: 'always' },
  session: { kind: 'session' },
  once: { kind: 'once' },
  days: { kind: 'days', days: 7 },
};

/** The IANA zones this browser knows (the business's own first). */
function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return all.includes(current) ? all : [current, ...all];
}

function NumberInput({
  label,
  value,
  min,
  max,
  hint,
  onValue,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  hint?: string;
  onValue: (n: number) => void;
}) {
  const id = useId();
  return (
    <div className="plain-input">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={Number.isFinite(value) ? value : ''}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onValue(e.target.valueAsNumber)}
      />
      {hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A choice of one kind (a trigger's, a frequency's), each named by its locale key. */
function KindSelect<K extends string>({
  label,
  value,
  keys,
  onValue,
}: {
  label: string;
  value: K;
  keys: Record<K, string>;
  onValue: (k: K) => void;
}) {
  const { t } = useTranslation();
  return (
    <PlainSelect
      label={label}
      value={value}
      onValue={onValue}
      options={(Object.keys(keys) as K[]).map((k) => ({ value: k, label: t(keys[k]) }))}
    />
  );
}

function DateTimeInput({ label, value, onValue }: { label: string; value: string | null; onValue: (v: string | null) => void }) {
  const id = useId();
  return (
    <div className="plain-input">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        value={value ?? ''}
        onChange={(e) => onValue(e.target.value ? e.target.value.slice(0, 16) : null)}
      />
    </div>
  );
}

/**
 * What every language of an overlay shares (POST /api/overlay/update/all): name, format, where it
 * shows (guest app, widgets, website pages by pattern), when (trigger), how often per visitor,
 * the schedule in the business's time zone and the language fallback chain. Out-of-range values
 * are refused by the server with their key; the fields' min/max say the ranges first.
 */
export function SettingsForm({
  overlay,
  offered,
  onDirty,
}: {
  overlay: OverlayView;
  offered: string[];
  onDirty: (dirty: boolean, discard: () => void) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const save = useSaveSettings();
  const { user } = useAuth();
  // the widgets only exist for a business with a widget flag (the API refuses the others)
  const widgets = useBusinessWidgets(user?.widgetv1activated === true || user?.widgetv2activated === true);
  const [draft, setDraft] = useState<Settings>(() => settingsOf(overlay));
  const [dirty, setDirty] = useState(false);
  const [patterns, setPatterns] = useState(() => overlay.where.urlPatterns.join('\n'));
  const discard = () => {
    setDraft(settingsOf(overlay));
    setPatterns(overlay.where.urlPatterns.join('\n'));
    setDirty(false);
  };
  useEffect(() => onDirty(dirty, discard));
  const zones = useMemo(() => timeZones(draft.schedule.timeZone), [draft.schedule.timeZone]);

  const change = (patch: Partial<Settings>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const where = (patch: Partial<Settings['where']>) => change({ where: { ...draft.where, ...patch } });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const urlPatterns = patterns
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean);
    save.mutate({ ...draft, where: { ...draft.where, urlPatterns }, id: overlay.id }, { onSuccess: () => setDirty(false) });
  };
  const fallbackChoices = offered.filter((l) => !draft.fallback.includes(l as never));
  const trigger = draft.trigger;
  const frequency = draft.frequency;
  return (
    <form className="form-section overlay-settings" onSubmit={submit} aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="visually-hidden">
        {t('OVERLAYS.TAB_SETTINGS')}
      </h2>
      <TextInput label={t('OVERLAYS.NAME')} hint={t('OVERLAYS.NAME_HINT')} value={draft.name} onValue={(name) => change({ name })} />
      <PlainSelect
        label={t('OVERLAYS.FORMAT')}
        value={draft.format}
        onValue={(format) => change({ format })}
        options={OVERLAY_FORMATS.map((f) => ({ value: f, label: t(FORMAT_KEYS[f]) }))}
      />

      <fieldset className="overlay-fieldset">
        <legend>{t('OVERLAYS.WHERE')}</legend>
        <label className="check-field">
          <input type="checkbox" checked={draft.where.guestApp} onChange={(e) => where({ guestApp: e.target.checked })} />
          {t('OVERLAYS.WHERE_GUEST_APP')}
        </label>
        {widgets.data?.map((w) => (
          <label key={w.id} className="check-field">
            <input
              type="checkbox"
              checked={draft.where.widgetIds.includes(w.id)}
              onChange={(e) =>
                where({ widgetIds: e.target.checked ? [...draft.where.widgetIds, w.id] : draft.where.widgetIds.filter((x) => x !== w.id) })
              }
            />
            {t('OVERLAYS.WHERE_WIDGET', { name: w.name })}
          </label>
        ))}
        <TextInput
          label={t('OVERLAYS.WHERE_PAGES')}
          hint={t('OVERLAYS.WHERE_PAGES_HINT')}
          rows={3}
          value={patterns}
          onValue={(v) => {
            setPatterns(v);
            setDirty(true);
          }}
        />
      </fieldset>

      <fieldset className="overlay-fieldset">
        <legend>{t('OVERLAYS.TRIGGER')}</legend>
        <KindSelect
          label={t('OVERLAYS.TRIGGER_KIND')}
          value={trigger.kind}
          keys={TRIGGER_KEYS}
          onValue={(k) => change({ trigger: TRIGGERS[k] })}
        />
        {trigger.kind === 'load' && (
          <NumberInput
            label={t('OVERLAYS.DELAY_SECONDS')}
            min={0}
            max={OVERLAY_DELAY_MAX}
            value={trigger.delaySeconds}
            onValue={(delaySeconds) => change({ trigger: { kind: 'load', delaySeconds } })}
          />
        )}
        {trigger.kind === 'scroll' && (
          <NumberInput
            label={t('OVERLAYS.SCROLL_PERCENT')}
            min={1}
            max={100}
            value={trigger.percent}
            onValue={(percent) => change({ trigger: { kind: 'scroll', percent } })}
          />
        )}
        {trigger.kind === 'exit' && (
          <NumberInput
            label={t('OVERLAYS.FALLBACK_SECONDS')}
            hint={t('OVERLAYS.FALLBACK_SECONDS_HINT')}
            min={1}
            max={OVERLAY_DELAY_MAX}
            value={trigger.fallbackSeconds}
            onValue={(fallbackSeconds) => change({ trigger: { kind: 'exit', fallbackSeconds } })}
          />
        )}
        {trigger.kind === 'click' && (
          <TextInput
            label={t('OVERLAYS.ELEMENT_ID')}
            hint={t('OVERLAYS.ELEMENT_ID_HINT')}
            value={trigger.elementId}
            onValue={(elementId) => change({ trigger: { kind: 'click', elementId } })}
          />
        )}
      </fieldset>

      <fieldset className="overlay-fieldset">
        <legend>{t('OVERLAYS.FREQUENCY')}</legend>
        <KindSelect
          label={t('OVERLAYS.FREQUENCY')}
          value={frequency.kind}
          keys={FREQUENCY_KEYS}
          onValue={(k) => change({ frequency: FREQUENCIES[k] })}
        />
        {frequency.kind === 'days' && (
          <NumberInput
            label={t('OVERLAYS.AGAIN_DAYS')}
            min={1}
            max={OVERLAY_AGAIN_DAYS_MAX}
            value={frequency.days}
            onValue={(days) => change({ frequency: { kind: 'days', days } })}
          />
        )}
        <p className="form-hint">{t('OVERLAYS.FREQUENCY_HINT')}</p>
      </fieldset>

      <fieldset className="overlay-fieldset">
        <legend>{t('OVERLAYS.SCHEDULE')}</legend>
        <div className="overlay-create-row">
          <DateTimeInput
            label={t('OVERLAYS.FROM')}
            value={draft.schedule.from}
            onValue={(from) => change({ schedule: { ...draft.schedule, from } })}
          />
          <DateTimeInput
            label={t('OVERLAYS.UNTIL')}
            value={draft.schedule.until}
            onValue={(until) => change({ schedule: { ...draft.schedule, until } })}
          />
        </div>
        <PlainSelect
          label={t('OVERLAYS.TIME_ZONE')}
          value={draft.schedule.timeZone}
          onValue={(timeZone) => change({ schedule: { ...draft.schedule, timeZone } })}
          options={zones.map((z) => ({ value: z, label: z.replaceAll('_', ' ') }))}
        />
        <p className="form-hint">{t('OVERLAYS.SCHEDULE_HINT')}</p>
      </fieldset>

      <fieldset className="overlay-fieldset">
        <legend>{t('OVERLAYS.FALLBACK')}</legend>
        <p className="form-hint">{t('OVERLAYS.FALLBACK_HINT')}</p>
        {draft.fallback.length > 0 && (
          <ol className="overlay-fallback" aria-label={t('OVERLAYS.FALLBACK')}>
            {draft.fallback.map((l, i) => (
              <li key={l} lang={l}>
                <span>{t(languageNameKey(l))}</span>
                <button
                  type="button"
                  className="app-button app-button-small app-button-clear"
                  disabled={i === 0}
                  aria-label={t('OVERLAYS.FALLBACK_UP', { language: t(languageNameKey(l)) })}
                  onClick={() => {
                    const next = [...draft.fallback];
                    [next[i - 1], next[i]] = [next[i], next[i - 1]];
                    change({ fallback: next });
                  }}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="app-button app-button-small app-button-clear"
                  aria-label={t('OVERLAYS.FALLBACK_REMOVE', { language: t(languageNameKey(l)) })}
                  onClick={() => change({ fallback: draft.fallback.filter((x) => x !== l) })}
                >
                  ×
                </button>
              </li>
            ))}
          </ol>
        )}
        {fallbackChoices.length > 0 && (
          <PlainSelect
            label={t('OVERLAYS.FALLBACK_ADD')}
            value=""
            onValue={(l) => l && change({ fallback: [...draft.fallback, l] as Settings['fallback'] })}
            options={[
              { value: '', label: t('FORM.CHOOSE') },
              ...fallbackChoices.map((l) => ({ value: l, label: t(languageNameKey(l)), lang: l })),
            ]}
          />
        )}
      </fieldset>

      <div className="button-row">
        <button type="submit" className="app-button" disabled={save.isPending || !dirty}>
          {t('OVERLAYS.SAVE_SETTINGS')}
        </button>
        {dirty && (
          <button type="button" className="app-button app-button-clear" onClick={discard}>
            {t('OVERLAYS.DISCARD')}
          </button>
        )}
      </div>
    </form>
  );
}
