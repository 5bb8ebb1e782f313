import { PushSettingsSchema, QUIET_HOURS_MODES, type PushSettings, type QuietHoursMode } from '@spotlist/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { formErrorKey } from '../../../lib/validation';
import { browserTimeZone } from '../api/push-settings';

type QuietHours = NonNullable<PushSettings['quietHours']>;

const MODE_KEYS: Record<QuietHoursMode, string> = {
  silent: 'SETTINGS.QUIET_SILENT',
  hold: 'SETTINGS.QUIET_HOLD',
};

/** What a user who switches quiet hours on starts from: the night, delivered silently. */
const NIGHT: QuietHours = { start: '22:00', end: '07:00', mode: 'silent' };

const clock = PushSettingsSchema.shape.quietHours.unwrap().shape.start;

/** The translation key of what is wrong with a time ('HH:MM' from the time input; '' while incomplete). */
function timeError(value: string): string | null {
  if (value === '') return 'FORM.ERROR.REQUIRED';
  const checked = clock.safeParse(value);
  return checked.success ? null : formErrorKey(checked.error.issues[0]?.message ?? 'FORM.ERROR.PATTERN');
}

interface Draft {
  on: boolean;
  start: string;
  end: string;
  mode: QuietHoursMode;
}

const draftOf = (q: QuietHours | null): Draft => ({ on: q !== null, ...(q ?? NIGHT) });

/**
 * Quiet hours (off, or from–to in this device's time zone, delivered silently or held until they
 * end): a small form saved with its button, so a half-typed time is never sent. An end before the
 * start spans midnight; the same time twice would say nothing and is refused.
 */
export function QuietHoursForm({
  settings,
  onSave,
}: {
  settings: PushSettings;
  onSave: (quietHours: QuietHours | null) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState(() => draftOf(settings.quietHours));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved'>('idle');
  const saved = settings.quietHours;

  // saved elsewhere (another tab or device, a refetch): the form shows what is stored now
  const [base, setBase] = useState(saved);
  if (JSON.stringify(saved) !== JSON.stringify(base)) {
    setBase(saved);
    setDraft(draftOf(saved));
  }

  const change = (next: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setStatus('idle');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    let quietHours: QuietHours | null = null;
    if (draft.on) {
      const next = { start: timeError(draft.start) ?? undefined, end: timeError(draft.end) ?? undefined };
      if (!next.start && !next.end && draft.start === draft.end) next.end = 'SETTINGS.QUIET_SAME';
      setErrors(next);
      if (next.start || next.end) return;
      quietHours = { start: draft.start, end: draft.end, mode: draft.mode };
    } else {
      setErrors({});
    }
    setStatus('saving');
    try {
      await onSave(quietHours);
      setBase(quietHours);
      setStatus('saved');
    } catch {
      // the shell shows the error toast
      setStatus('idle');
    }
  };

  const timeField = (field: 'start' | 'end', label: string) => (
    <div className="plain-input">
      <label htmlFor={`${id}-${field}`}>{label}</label>
      <input
        id={`${id}-${field}`}
        type="time"
        value={draft[field]}
        required
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `${id}-${field}-error` : undefined}
        onChange={(e) => change({ [field]: e.target.value })}
      />
      {errors[field] && (
        <p className="field-error" id={`${id}-${field}-error`} role="alert">
          {t(errors[field])}
        </p>
      )}
    </div>
  );

  return (
    <form className="quiet-hours" onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('SETTINGS.QUIET_HOURS')}</h3>
      <div className="check-field">
        <input id={`${id}-on`} type="checkbox" role="switch" checked={draft.on} onChange={(e) => change({ on: e.target.checked })} />
        <label htmlFor={`${id}-on`}>{t('SETTINGS.QUIET_HOURS_ON')}</label>
      </div>
      {draft.on && (
        <>
          <div className="form-row quiet-hours-times">
            {timeField('start', t('SETTINGS.QUIET_FROM'))}
            {timeField('end', t('SETTINGS.QUIET_TO'))}
          </div>
          <p className="form-hint">{t('SETTINGS.QUIET_TIME_ZONE', { zone: browserTimeZone() })}</p>
          <fieldset className="form-field radio-field">
            <legend>{t('SETTINGS.QUIET_MODE')}</legend>
            {QUIET_HOURS_MODES.map((mode) => (
              <div key={mode} className="check-field">
                <input
                  id={`${id}-${mode}`}
                  type="radio"
                  name={`${id}-mode`}
                  value={mode}
                  checked={draft.mode === mode}
                  onChange={() => change({ mode })}
                />
                <label htmlFor={`${id}-${mode}`}>{t(MODE_KEYS[mode])}</label>
              </div>
            ))}
          </fieldset>
        </>
      )}
      <div className="button-row">
        <button type="submit" className="app-button" disabled={status === 'saving'}>
          {t('SETTINGS.QUIET_SAVE')}
        </button>
        {status === 'saved' && (
          <p className="form-success" role="status">
            {t('SETTINGS.QUIET_SAVED')}
          </p>
        )}
      </div>
    </form>
  );
}
