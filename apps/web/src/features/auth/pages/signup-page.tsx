import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType, PASSWORD_MIN_LENGTH, passwordSchema, SignupSchema, text } from '@spotlist/contracts';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { AppLink, ExternalLink } from '../../../components/app-link';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { RadioField } from '../../../components/form/radio-field';
import { TextField } from '../../../components/form/text-field';
import { PageLayout } from '../../../components/layout/page-layout';
import { ACCOUNT_TYPE_LABEL_KEYS } from '../../../lib/account-types';
import { postLoginPath, useAuth } from '../../../lib/auth';
import { signup } from '../api/signup';
import { config } from '../../../lib/config';
import { getCurrentLanguage, userLanguageById, userLanguageByKey } from '../../../lib/language';
import { useAppNavigate } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { ProviderButtons } from '../components/provider-buttons';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { validateEqual } from '../../../lib/validation';

const SignupFormSchema = validateEqual(
  z.object({
    accountType: SignupSchema.shape.accountType.shape.id,
    email: SignupSchema.shape.email,
    // the name others see: asked here once, so onboarding need not ask again
    nickname: text(60)
      .transform((s) => s.trim())
      .pipe(z.string().min(1, { error: 'FORM.ERROR.REQUIRED' })),
    password: passwordSchema.min(PASSWORD_MIN_LENGTH, { error: 'FORM.ERROR.MINLENGTH' }),
    confirmPassword: passwordSchema.min(1, { error: 'FORM.ERROR.REQUIRED' }),
    termsaccepted: SignupSchema.shape.termsaccepted,
  }),
  'confirmPassword',
  'password',
);
type SignupFormInput = z.input<typeof SignupFormSchema>;

/** The user language sent with the signup: the one chosen in the language menu, else the UI's. */
function signupLanguageId(): number | undefined {
  return (userLanguageById(local.get(STORAGE_KEYS.userLanguage)) ?? userLanguageByKey(getCurrentLanguage()))?.id;
}

export default function SignupPage() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const location = useLocation();
  // `?guest=KEY` or `#guest=KEY` (see login-page.tsx; written out here: a module shared by both pages would be a chunk of its own)
  const [guestKey] = useState(
    () => new URLSearchParams(location.search).get('guest') || new URLSearchParams(location.hash.replace(/^#/, '')).get('guest') || null,
  );
  const {
    control,
    trigger,
    getValues,
    handleSubmit,
    formState: { isSubmitting, isSubmitted },
  } = useForm({
    resolver: zodResolver(SignupFormSchema),
    defaultValues: {
      accountType: AccountType.private,
      email: '',
      nickname: '',
      password: '',
      confirmPassword: '',
      termsaccepted: false,
      // the schema accepts only `true`; the form starts unchecked
    } as unknown as SignupFormInput,
  });

  // Already logged in (the guard leaves a page with a guest key to us): claim, then the dashboard.
  // Not after this form's own submit: that claims and navigates itself.
  const { status } = useAuth();
  const claiming = useRef(false);
  useEffect(() => {
    if (status !== 'authenticated' || !guestKey || isSubmitting || isSubmitted || claiming.current) return;
    claiming.current = true;
    void import('../guest-claim').then((m) => m.claimGuestLikes(guestKey)).then(() => navigate(PATHS.dashboard, 'root'));
  }, [status, guestKey, isSubmitting, isSubmitted, navigate]);

  const onSubmit = handleSubmit(async ({ accountType, email, nickname, password, termsaccepted }) => {
    const languageId = signupLanguageId();
    try {
      const user = await signup({
        email,
        password,
        accountType: { id: accountType },
        termsaccepted,
        nickname: { value: nickname },
        ...(languageId ? { language: { id: languageId } } : {}),
      });
      if (guestKey) await (await import('../guest-claim')).claimGuestLikes(guestKey);
      // 'root' replaces this page's address: the guest key leaves the URL
      navigate(postLoginPath(user), 'root');
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  });

  // a provider signup needs the terms too (checked here, as the form would) and takes the account type
  const providerSignup = async () => {
    if (!(await trigger('termsaccepted'))) return null;
    return { accountType: { id: getValues('accountType') }, termsaccepted: true };
  };

  const accountTypes = [
    { value: AccountType.private, label: t(ACCOUNT_TYPE_LABEL_KEYS.private) },
    { value: AccountType.business, label: t(ACCOUNT_TYPE_LABEL_KEYS.business) },
    { value: AccountType.blogger, label: t(ACCOUNT_TYPE_LABEL_KEYS.blogger) },
  ] as const;

  return (
    <PageLayout title={t('SIGNUP.TITLE')}>
      <h1>{t('SIGNUP.HEADING')}</h1>
      <form onSubmit={onSubmit} noValidate className="form">
        <RadioField control={control} name="accountType" label={t('SIGNUP.ACCOUNT_TYPE')} choices={accountTypes} />
        <TextField control={control} name="email" label={t('FORM.EMAIL')} type="email" inputmode="email" autocomplete="email" />
        <TextField control={control} name="nickname" label={t('FORM.NICKNAME')} autocomplete="nickname" />
        <TextField
          control={control}
          name="password"
          label={t('FORM.PASSWORD')}
          type="password"
          autocomplete="new-password"
          deps={['confirmPassword']}
          helperText={t('SIGNUP.PASSWORD_HINT', { min: PASSWORD_MIN_LENGTH })}
        />
        <TextField
          control={control}
          name="confirmPassword"
          label={t('FORM.CONFIRM_PASSWORD')}
          type="password"
          autocomplete="new-password"
        />
        <CheckboxField control={control} name="termsaccepted">
          {t('SIGNUP.TERMS')}
        </CheckboxField>
        <p className="form-hint">
          <ExternalLink href={config.termsUrl}>{t('FOOTER.TERMS')}</ExternalLink>
          {' · '}
          <ExternalLink href={config.privacyUrl}>{t('FOOTER.PRIVACY')}</ExternalLink>
        </p>
        <button type="submit" className="app-button app-button-block" disabled={isSubmitting}>
          {t('SIGNUP.SUBMIT')}
        </button>
      </form>
      <ProviderButtons before={providerSignup} />
      <p className="form-links">
        {t('SIGNUP.HAVE_ACCOUNT')}{' '}
        <AppLink to={guestKey ? `${PATHS.login}#guest=${encodeURIComponent(guestKey)}` : PATHS.login}>{t('SIGNUP.TO_LOGIN')}</AppLink>
      </p>
    </PageLayout>
  );
}
