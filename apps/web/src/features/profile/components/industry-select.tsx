import type { Onboarding, OnboardingSchema } from '@spotlist/contracts';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { SelectIdField } from '../../../components/form/select-id-field';
import { withQueryClient } from '../../../lib/query-client';
import { useIndustries } from '../api/get-industries';

type OnboardingInput = z.input<typeof OnboardingSchema>;

export interface IndustrySelectProps {
  control: Control<OnboardingInput, unknown, Onboarding>;
}

/**
 * The business industry (SPEC §5: required, hasId), from GET /api/industry/list with the
 * fallback list. Loaded on demand (only businesses need it), with react-query.
 */
function IndustrySelect({ control }: IndustrySelectProps) {
  const { t } = useTranslation();
  const industries = useIndustries();
  const choices = (industries.data ?? []).map((i) => ({ value: i.id, label: t(`INDUSTRY.${i.key}`, { defaultValue: i.key }) }));
  return <SelectIdField control={control} name="industry2" label={t('FORM.INDUSTRY')} placeholder={t('FORM.CHOOSE')} choices={choices} />;
}

export default withQueryClient(IndustrySelect);
