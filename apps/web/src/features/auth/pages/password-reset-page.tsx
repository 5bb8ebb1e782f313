import { zodResolver } from '@hookform/resolvers/zod';
import { PASSWORD_MIN_LENGTH, PasswordResetSchema, passwordSchema } from '@spotlist/contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { AppLink } from '../../../components/app-link';
import { TextField } from '../../../components/form/text-field';
import { PageLayout } from '../../../components/layout/page-layout';
import { PATHS } from '../../../lib/paths';
import { validateEqual } from '../../../lib/validation';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useUpdatePasswordByToken } from '../api/update-password-by-token';

/**
 * Without a token: asks for the e-mail and requests the reset mail. With `?token=` (the link in
 * that mail): sets a new password (new + confirm, validateEqual).
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(useLocation().search).get('token');
  return (
    <PageLayout title={t('PASSWORD_RESET.TITLE')}>
      {token ? <NewPasswordForm token={token} /> : <RequestMailForm />}
      <p className="form-links">
        <AppLink to={PATHS.login} mode="root">
          {t('PASSWORD_RESET.TO_LOGIN')}
        </AppLink>
      </p>
    </PageLayout>
  );
}

function RequestMailForm() {
  const { t } = useTranslation();
  const mutation = useRequestPasswordReset();
  const { control, handleSubmit } = useForm({ resolver: zodResolver(PasswordResetSchema), defaultValues: { email: '' } });
  const onSubmit = handleSubmit(({ email }) => mutation.run(email).catch(() => undefined));

  if (mutation.isSuccess) {
    return (
      <>
        <h1>{t('PASSWORD_RESET.HEADING')}</h1>
        <p role="status">{t('PASSWORD_RESET.MAIL_SENT')}</p>
      </>
    );
  }
  return (
    <>
      <h1>{t('PASSWORD_RESET.HEADING')}</h1>
      <p>{t('PASSWORD_RESET.INTRO')}</p>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField control={control} name="email" label={t('FORM.EMAIL')} type="email" inputmode="email" autocomplete="email" />
        <button type="submit" className="app-button app-button-block" disabled={mutation.isPending}>
          {t('PASSWORD_RESET.SEND')}
        </button>
      </form>
    </>
  );
}

const NewPasswordSchema = validateEqual(
  z.object({
    newPassword: passwordSchema.min(PASSWORD_MIN_LENGTH, { error: 'FORM.ERROR.MINLENGTH' }),
    confirmPassword: passwordSchema.min(1, { error: 'FORM.ERROR.REQUIRED' }),
  }),
  'confirmPassword',
  'newPassword',
);

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const mutation = useUpdatePasswordByToken();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(NewPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const onSubmit = handleSubmit(({ newPassword }) => mutation.run({ token, newPassword }).catch(() => undefined));

  if (mutation.isSuccess) {
    return (
      <>
        <h1>{t('PASSWORD_RESET.NEW_HEADING')}</h1>
        <p role="status">{t('PASSWORD_RESET.CHANGED')}</p>
      </>
    );
  }
  return (
    <>
      <h1>{t('PASSWORD_RESET.NEW_HEADING')}</h1>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField
          control={control}
          name="newPassword"
          label={t('FORM.NEW_PASSWORD')}
          type="password"
          autocomplete="new-password"
          deps={['confirmPassword']}
        />
        <TextField
          control={control}
          name="confirmPassword"
          label={t('FORM.CONFIRM_PASSWORD')}
          type="password"
          autocomplete="new-password"
        />
        <p className="form-hint">{t('SIGNUP.PASSWORD_HINT', { min: PASSWORD_MIN_LENGTH })}</p>
        <button type="submit" className="app-button app-button-block" disabled={mutation.isPending}>
          {t('PASSWORD_RESET.SAVE')}
        </button>
      </form>
    </>
  );
}
