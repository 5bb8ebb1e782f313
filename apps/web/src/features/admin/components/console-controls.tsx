import { useId } from 'react';
import { useTranslation } from '../../../lib/translator';
import { isApiError } from '../../../lib/api-client';

/** A labelled native select of the console's filters and choices. */
export function ChoiceSelect<V extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: V;
  options: readonly { value: V; label: string; lang?: string }[];
  onChange: (value: V) => void;
}) {
  const id = useId();
  return (
    <div className="form-field select-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="native-select" value={value} onChange={(e) => onChange(e.target.value as V)}>
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** An action's refusal in words (its API error key translated), under the control that tried it. */
export function ActionError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <p className="form-error" role="alert">
      {t(`ERROR.${isApiError(error) ? error.key : 'error.unknown'}`)}
    </p>
  );
}
