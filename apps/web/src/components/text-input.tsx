import { useId } from 'react';

/**
 * A labelled native text input or textarea with an optional hint and error, for the widget, list
 * and guest-app pages (their own chunk: no form library, no ion-input). Drawn like Ionic's outlined
 * ion-input (components/form/text-field.tsx) by theme/forms.css: label on the top border, hint and
 * error under the field. The <label for> and aria-describedby/aria-invalid are the accessible parts.
 */
export function TextInput({
  label,
  value,
  onValue,
  type = 'text',
  rows,
  hint,
  error,
  placeholder,
  inputMode,
  autoComplete,
}: {
  label: string;
  value: string;
  onValue: (value: string) => void;
  type?: 'text' | 'search' | 'email' | 'tel' | 'url' | 'password';
  /** A textarea of this many rows. */
  rows?: number;
  hint?: string;
  error?: string | null;
  placeholder?: string;
  inputMode?: 'decimal' | 'text';
  /** A secret for another service: `off` or `new-password`, so the browser does not fill in the user's own login. */
  autoComplete?: string;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    autoComplete,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className="plain-input">
      <label htmlFor={id}>{label}</label>
      {rows ? (
        <textarea {...common} rows={rows} onChange={(e) => onValue(e.target.value)} />
      ) : (
        <input {...common} type={type} inputMode={inputMode} onChange={(e) => onValue(e.target.value)} />
      )}
      {hint && (
        <p className="form-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
