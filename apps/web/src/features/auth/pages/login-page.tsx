import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, passwordSchema } from '@spotlist/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { AppLink } from '../../../components/app-link';
import { TextField } from '../../../components/form/text-field';
import { PageLayout } from '../../../components/layout/page-layout';
import { postLoginPath, useAuth } from '../../../lib/auth';
import { login } from '../api/login';
import { useAppNavigate } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { ProviderButtons } from '../components/provider-buttons';

const LoginFormSchema = z.object({
  email: emailSchema,
  password: passwordSchema.min(1, { error: 'FORM.ERROR.REQUIRED' }),
});

/** `?guest=KEY` or `#guest=KEY`: the guest app's key whose likes move to the account (features/auth/guest-claim.ts). */
const guestKeyOf = (search: string, hash: string): string | null =>
  new URLSearchParams(search).get('guest') || new URLSearchParams(hash.replace(/^#/, '')).get('guest') || null;

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const location = useLocation();
  const [guestKey] = useState(() => guestKeyOf(location.search, location.hash));
  const {
    control,
    handleSubmit,
    formState: { isSubmitting, isSubmitted },
  } = useForm({ resolver: zodResolver(LoginFormSchema), defaultValues: { email: '', password: '' } });

  // Already logged in (the guard leaves a page with a guest key to us): claim, then the dashboard.
  // Not after this form's own submit: that claims and navigates itself.
  const { status } = useAuth();
  const claiming = useRef(false);
  useEffect(() => {
    if (status !== 'authenticated' || !guestKey || isSubmitting || isSubmitted || claiming.current) return;
    claiming.current = true;
    void import('../guest-claim').then((m) => m.claimGuestLikes(guestKey)).then(() => navigate(PATHS.dashboard, 'root'));
  }, [status, guestKey, isSubmitting, isSubmitted, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const user = await login(values);
      if (guestKey) await (await import('../guest-claim')).claimGuestLikes(guestKey);
      // 'root' replaces this page's address: the guest key leaves the URL
      navigate(postLoginPath(user), 'root');
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  });

  return (
    <PageLayout title={t('LOGIN.TITLE')}>
      <h1>{t('LOGIN.HEADING')}</h1>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField control={control} name="email" label={t('FORM.EMAIL')} type="email" inputmode="email" autocomplete="username" />
        <TextField control={control} name="password" label={t('FORM.PASSWORD')} type="password" autocomplete="current-password" />
        <button type="submit" className="app-button app-button-block" disabled={isSubmitting}>
          {t('LOGIN.SUBMIT')}
        </button>
      </form>
      <ProviderButtons />
      <p className="form-links">
        <AppLink to={PATHS.passwordReset}>{t('LOGIN.FORGOT_PASSWORD')}</AppLink>
      </p>
      <p className="form-links">
        {t('LOGIN.NO_ACCOUNT')}{' '}
        <AppLink to={guestKey ? `${PATHS.signup}#guest=${encodeURIComponent(guestKey)}` : PATHS.signup}>{t('LOGIN.TO_SIGNUP')}</AppLink>
      </p>
    </PageLayout>
  );
}
