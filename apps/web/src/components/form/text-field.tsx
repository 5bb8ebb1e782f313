import type { ComponentProps } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from '../../lib/translator';
import { formErrorKey } from '../../lib/validation';
import { IonInput } from '../ionic/ion-input';

type IonInputProps = ComponentProps<typeof IonInput>;

/**
 * A text input bound to react-hook-form: IonInput with a visible label (the native input is
 * labelled by it, so tests and Playwright find it by label). Errors are the schema's translation
 * keys, shown translated through the input's errorText. The form value is the text ('' when
 * empty; numbers stay text: the contracts' number rules read numeric strings).
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autocomplete,
  inputmode,
  deps,
  disabled,
  helperText,
  min,
  max,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Fields validated again when this one changes (confirm-equality: both clear together). */
  deps?: Path<T>[];
  type?: 'text' | 'email' | 'password' | 'url' | 'number' | 'date';
  autocomplete?: IonInputProps['autocomplete'];
  inputmode?: IonInputProps['inputmode'];
  disabled?: boolean;
  helperText?: string;
  /** Bounds of a number or date input (a date as yyyy-MM-dd). */
  min?: string;
  max?: string;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      rules={deps ? { deps } : undefined}
      render={({ field, fieldState }) => (
        <IonInput
          className={fieldState.error ? 'form-field ion-invalid ion-touched' : 'form-field'}
          label={label}
          labelPlacement="stacked"
          fill="outline"
          type={type}
          name={field.name}
          autocomplete={autocomplete}
          inputmode={inputmode}
          disabled={disabled}
          min={min}
          max={max}
          value={(field.value as string | number | null | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          helperText={helperText}
          errorText={fieldState.error ? t(formErrorKey(fieldState.error.message)) : undefined}
        />
      )}
    />
  );
}
