import { useId } from 'react';

/**
 * A labelled native select without a form library (the overlay and widget pages' own chunks),
 * drawn like the outlined fields by theme/forms.css (`.select-field` + `.native-select`).
 */
export function PlainSelect<V extends string>({
  label,
  value,
  onValue,
  options,
  hint,
  disabled,
}: {
  label: string;
  value: V;
  onValue: (value: V) => void;
  options: readonly { value: V; label: string; lang?: string }[];
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="form-field select-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="native-select"
        value={value}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onValue(e.target.value as V)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value} lang={o.lang}>
            {o.label}
          </option>
        ))}
      </select>
      {hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
