import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from './field-error';

/**
 * A native select bound to react-hook-form whose form value is the chosen option's value
 * (numbers stay numbers), e.g. a visibility level. See select-id-field.tsx for why native.
 */
export function SelectField<T extends FieldValues, V extends string | number>({
  control,
  name,
  label,
  choices,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  choices: readonly { value: V; label: string }[];
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="form-field select-field">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
            ref={field.ref}
            name={field.name}
            className="native-select"
            value={String(field.value ?? '')}
            onChange={(e) => field.onChange(choices.find((c) => String(c.value) === e.target.value)?.value ?? null)}
            onBlur={field.onBlur}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          >
            {choices.map((c) => (
              <option key={c.value} value={String(c.value)}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError message={fieldState.error?.message} id={`${id}-error`} />
        </div>
      )}
    />
  );
}
