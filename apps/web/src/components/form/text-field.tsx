import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formErrorKey } from '../../lib/validation';
import { IonInput } from '../ionic/ion-input';

/**
 * A text input bound to react-hook-form: IonInput with a visible label (the native input is
 * labelled by it, so tests and Playwright find it by label). Errors are the schema's translation
 * keys, shown translated through the input's errorText.
 */
export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  type = 'text',
  autocomplete,
  inputmode,
  deps,
}: {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Fields validated again when this one changes (confirm-equality: both clear together). */
  deps?: Path<T>[];
  type?: 'text' | 'email' | 'password';
  autocomplete?: 'email' | 'username' | 'current-password' | 'new-password' | 'nickname' | 'off';
  inputmode?: 'email' | 'text';
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
          value={(field.value as string | undefined) ?? ''}
          onIonInput={(e) => field.onChange(e.detail.value ?? '')}
          onIonBlur={field.onBlur}
          errorText={fieldState.error ? t(formErrorKey(fieldState.error.message)) : undefined}
        />
      )}
    />
  );
}
