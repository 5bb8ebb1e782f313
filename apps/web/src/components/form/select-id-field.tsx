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
  toValue = (id) => ({ id }),
  deps,
  onChosen,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  placeholder: string;
  choices: readonly { value: number; label: string }[];
  /** The form value for a chosen id (default `{ id }`; a country also keeps its codes). */
  toValue?: (id: number) => unknown;
  /** Fields validated again when this one changes (SPEC §5: rooms follow the industry). */
  deps?: Path<T>[];
  /** Called after the user chose (not when the form is reset). */
  onChosen?: (value: unknown) => void;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
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
              const next = Number.isInteger(value) && value > 0 ? toValue(value) : null;
              field.onChange(next);
              onChosen?.(next);
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
