import { useId, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from './field-error';

/**
 * A checkbox bound to react-hook-form (value true/false); the children are its label.
 * Native input: one accessible checkbox (ion-checkbox also exposes the input in its shadow DOM)
 * and ~4 KB less per page.
 */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  children,
}: {
  control: Control<T>;
  name: Path<T>;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="form-field check-field">
          <input
            id={id}
            type="checkbox"
            ref={field.ref}
            name={field.name}
            checked={field.value === true}
            onChange={(e) => field.onChange(e.target.checked)}
            onBlur={field.onBlur}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          />
          <label htmlFor={id}>{children}</label>
          <FieldError message={fieldState.error?.message} id={`${id}-error`} />
        </div>
      )}
    />
  );
}
