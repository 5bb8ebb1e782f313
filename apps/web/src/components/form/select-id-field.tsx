import { useId } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldError } from './field-error';

/**
 * A select whose form value is `{ id }` or null (contracts reference objects, e.g. industry2).
 * A native <select>: one accessible combobox, and none of the modal, alert, action-sheet and
 * popover components that ion-select registers (~45 KB gzip).
 */
export function SelectIdField<T extends FieldValues>({
  control,
  name,
  label,
  placeholder,
  choices,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  choices: readonly { value: number; label: string }[];
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
            value={String((field.value as { id?: number } | null | undefined)?.id ?? '')}
            onChange={(e) => {
              const value = Number(e.target.value);
              field.onChange(Number.isInteger(value) && value > 0 ? { id: value } : null);
            }}
            onBlur={field.onBlur}
            aria-invalid={fieldState.error ? true : undefined}
            aria-describedby={fieldState.error ? `${id}-error` : undefined}
          >
            <option value="">{placeholder}</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
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
