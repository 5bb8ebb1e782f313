import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType, OnboardingSchema, USER_FLAGS, type User, type UserFlag } from '@spotlist/contracts';
import { lazy, Suspense } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { TextField } from '../../../components/form/text-field';
import { PageLayout } from '../../../components/layout/page-layout';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { postLoginPath, useAuth } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { local, STORAGE_KEYS } from '../../../lib/storage';
import { useUpdateProfile } from '../api/update-profile';
import type { IndustrySelectField } from '../components/industry-select';

/** The intro's route (app/routes.tsx), shown once after onboarding. */
const INTRO_PATH = '/intro';

/** Only businesses choose an industry: its list (and react-query) load when needed. */
const IndustrySelect = lazy(() => import('../components/industry-select')) as unknown as typeof IndustrySelectField;

/** The feature pages an administrator switches on (SPEC §1 activation flags), by their menu names. */
const FEATURE_KEYS: Record<UserFlag, string> = {
  hasGuest: 'MENU.GUEST_MODE_APP',
  widgetv1activated: 'MENU.WIDGET',
  widgetv2activated: 'MENU.WIDGET_LIST',
  aiassistantactivated: 'MENU.AI_CONTENT_ASSISTANT',
  overlayactivated: 'MENU.OVERLAY_MANAGER',
  gpstrackingactivated: 'MENU.GPS_TRACKING',
};

/**
 * The required part of the profile (SPEC §5): e-mail, nickname and, for a business, an industry
 * (validated by the contracts' OnboardingSchema: hasId). Only what is missing (or refused) is asked:
 * the e-mail and the nickname typed at signup are not asked again. A business learns which feature
 * pages an administrator has switched on and how to ask for the others. Saving goes to the intro the
 * first time (per user and device); the intro then goes on where onboarding would have gone.
 */
export default function OnboardingPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  // The guard renders this page only with a user.
  return <PageLayout title={t('ONBOARDING.TITLE')}>{user && <OnboardingForm user={user} />}</PageLayout>;
}

function OnboardingForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const update = useUpdateProfile();
  const {
    control,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(OnboardingSchema),
    defaultValues: {
      email: user.email,
      nickname: { value: user.nickname.value },
      accountType: { id: user.accountType.id },
      industry2: user.industry2 ? { id: user.industry2.id } : null,
    },
  });
  const accountTypeId = useWatch({ control, name: 'accountType.id' });
  const isBusiness = accountTypeId === AccountType.business;
  const askEmail = !user.email || errors.email !== undefined;
  const askNickname = !user.nickname.value.trim() || errors.nickname !== undefined;
  const asks = askEmail || askNickname || isBusiness;

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update.run(isBusiness ? values : { ...values, industry2: null });
      // the intro once (it goes on to the page that sent the user here), else that page or the dashboard
      const introSeen = local.get(`${STORAGE_KEYS.introSeen}${saved.id}`) !== null;
      navigate(introSeen ? postLoginPath(saved) : INTRO_PATH, 'root');
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  });

  return (
    <>
      <h1>{user.nickname.value ? t('ONBOARDING.WELCOME', { name: user.nickname.value }) : t('ONBOARDING.HEADING')}</h1>
      <p>{asks ? t('ONBOARDING.INTRO') : t('ONBOARDING.READY')}</p>
      <p className="form-hint">
        {t('ONBOARDING.ACCOUNT_TYPE')}: <strong>{t(accountTypeLabelKey(accountTypeId))}</strong>
      </p>
      {isBusiness && (
        <section className="form-section" aria-labelledby="onboarding-features">
          <h2 id="onboarding-features">{t('ONBOARDING.FEATURES')}</h2>
          <p className="form-hint">{t('ONBOARDING.FEATURES_HINT')}</p>
          <ul className="feature-list">
            {USER_FLAGS.map((flag) => (
              <li key={flag} className={user[flag] ? 'feature-on' : 'feature-off'}>
                <span>{t(FEATURE_KEYS[flag])}</span>
                <span className="form-hint">{user[flag] ? t('ONBOARDING.FEATURE_ON') : t('ONBOARDING.FEATURE_OFF')}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <form onSubmit={onSubmit} noValidate className="form">
        {askEmail && (
          <TextField control={control} name="email" label={t('FORM.EMAIL')} type="email" inputmode="email" autocomplete="email" />
        )}
        {askNickname && <TextField control={control} name="nickname.value" label={t('FORM.NICKNAME')} autocomplete="nickname" />}
        {isBusiness && (
          <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
            <IndustrySelect control={control} name="industry2" />
          </Suspense>
        )}
        <button type="submit" className="app-button app-button-block" disabled={update.isPending}>
          {t('ONBOARDING.SAVE')}
        </button>
      </form>
    </>
  );
}
