import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from './field-error';

/**
 * A multi-line text bound to react-hook-form. A native <textarea> styled like the outlined inputs
 * (ion-textarea would add ~5 KB gzip to the page for the same thing).
 */
export function TextAreaField<T extends FieldValues>({
  control,
  name,
  label,
  rows = 4,
  maxLength,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  rows?: number;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="form-field select-field">
          <label htmlFor={id}>{label}</label>
          <textarea
            id={id}
            ref={field.ref}
            name={field.name}
            className="native-select native-textarea"
            rows={rows}
            maxLength={maxLength}
            value={(field.value as string | null | undefined) ?? ''}
            onChange={(e) => field.onChange(e.target.value)}
            onBlur={field.onBlur}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          />
          <FieldError message={fieldState.error?.message} id={`${id}-error`} />
        </div>
      )}
    />
  );
}
