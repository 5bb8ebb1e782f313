import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from './field-error';

export interface Choice<V extends string | number | null> {
  value: V;
  label: string;
}

/**
 * A radio group bound to react-hook-form; the value is the chosen option's (numbers stay
 * numbers, null stays null: "none" of an optional choice). Native inputs in a fieldset: one accessible radio each, nothing to load.
 */
export function RadioField<T extends FieldValues, V extends string | number | null>({
  control,
  name,
  label,
  choices,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  choices: readonly Choice<V>[];
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <fieldset className="form-field radio-field" aria-describedby={fieldState.error ? `${id}-error` : undefined}>
          <legend>{label}</legend>
          {choices.map((c, i) => (
            <div key={String(c.value)} className="check-field">
              <input
                id={`${id}-${i}`}
                type="radio"
                ref={i === 0 ? field.ref : undefined}
                name={field.name}
                value={String(c.value)}
                checked={field.value === c.value}
                onChange={() => field.onChange(c.value)}
                onBlur={field.onBlur}
              />
              <label htmlFor={`${id}-${i}`}>{c.label}</label>
            </div>
          ))}
          <FieldError message={fieldState.error?.message} id={`${id}-error`} />
        </fieldset>
      )}
    />
  );
}
