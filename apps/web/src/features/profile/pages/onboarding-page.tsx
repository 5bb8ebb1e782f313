import { zodResolver } from '@hookform/resolvers/zod';
import { AccountType, OnboardingSchema, type User } from '@spotlist/contracts';
import { lazy, Suspense } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form/text-field';
import { PageLayout } from '../../../components/layout/page-layout';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { useAuth } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { useUpdateProfile } from '../api/update-profile';
import type { IndustrySelectField } from '../components/industry-select';

/** Only businesses choose an industry: its list (and react-query) load when needed. */
const IndustrySelect = lazy(() => import('../components/industry-select')) as unknown as typeof IndustrySelectField;

/**
 * The required part of the profile (SPEC §5): e-mail, nickname and, for a business, an industry
 * (validated by the contracts' OnboardingSchema: hasId). Saving goes to the dashboard.
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
  const { control, handleSubmit } = useForm({
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

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.run(isBusiness ? values : { ...values, industry2: null });
      navigate(PATHS.dashboard, 'root');
    } catch {
      // the shell shows the error toast (SPEC §8)
    }
  });

  return (
    <>
      <h1>{t('ONBOARDING.HEADING')}</h1>
      <p>{t('ONBOARDING.INTRO')}</p>
      <p className="form-hint">
        {t('ONBOARDING.ACCOUNT_TYPE')}: <strong>{t(accountTypeLabelKey(accountTypeId))}</strong>
      </p>
      <form onSubmit={onSubmit} noValidate className="form">
        <TextField control={control} name="email" label={t('FORM.EMAIL')} type="email" inputmode="email" autocomplete="email" />
        <TextField control={control} name="nickname.value" label={t('FORM.NICKNAME')} autocomplete="nickname" />
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
