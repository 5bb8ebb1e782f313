import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, passwordSchema } from '@spotlist/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { z } from 'zod';
import { TextField } from '../../../components/form/text-field';
import { validateEqual } from '../../../lib/validation';
import { useUpdatePassword } from '../api/update-password';

const PasswordChangeSchema = validateEqual(
  z.object({
    oldPassword: passwordSchema.min(1, { error: 'FORM.ERROR.REQUIRED' }),
    newPassword: passwordSchema.min(PASSWORD_MIN_LENGTH, { error: 'FORM.ERROR.MINLENGTH' }),
    confirmPassword: passwordSchema.min(1, { error: 'FORM.ERROR.REQUIRED' }),
  }),
  'confirmPassword',
  'newPassword',
);

/** Password change: the current one, the new one and its confirmation (SPEC §5 validateEqual). */
export function PasswordForm() {
  const { t } = useTranslation();
  const update = useUpdatePassword();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(PasswordChangeSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(async ({ oldPassword, newPassword }) => {
    try {
      await update.run({ oldPassword, newPassword });
      reset();
    } catch {
      // the shell shows the error toast (SPEC §8), e.g. a wrong current password
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="form" aria-labelledby="settings-password">
      <h2 id="settings-password">{t('SETTINGS.PASSWORD')}</h2>
      <TextField control={control} name="oldPassword" label={t('SETTINGS.OLD_PASSWORD')} type="password" autocomplete="current-password" />
      <TextField
        control={control}
        name="newPassword"
        label={t('FORM.NEW_PASSWORD')}
        type="password"
        autocomplete="new-password"
        deps={['confirmPassword']}
      />
      <TextField control={control} name="confirmPassword" label={t('FORM.CONFIRM_PASSWORD')} type="password" autocomplete="new-password" />
      <p className="form-hint">{t('SIGNUP.PASSWORD_HINT', { min: PASSWORD_MIN_LENGTH })}</p>
      {update.isSuccess && (
        <p className="form-success" role="status">
          {t('SETTINGS.PASSWORD_CHANGED')}
        </p>
      )}
      <button type="submit" className="app-button" disabled={update.isPending}>
        {t('SETTINGS.PASSWORD_SAVE')}
      </button>
    </form>
  );
}
