import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { SelectIdField } from '../../../components/form/select-id-field';
import { withQueryClient } from '../../../lib/query-client';
import { useIndustries } from '../api/get-industries';

export interface IndustrySelectProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  deps?: Path<T>[];
  onChosen?: (value: unknown) => void;
}

/**
 * The business industry (SPEC §5: required, hasId), from GET /api/industry/list with the
 * fallback list. Needs react-query's provider above it (the profile's business part has one).
 */
export function IndustrySelectField<T extends FieldValues>({ control, name, deps, onChosen }: IndustrySelectProps<T>) {
  const { t } = useTranslation();
  const industries = useIndustries();
  const choices = (industries.data ?? []).map((i) => ({ value: i.id, label: t(`INDUSTRY.${i.key}`, { defaultValue: i.key }) }));
  return (
    <SelectIdField
      control={control}
      name={name}
      label={t('FORM.INDUSTRY')}
      placeholder={t('FORM.CHOOSE')}
      choices={choices}
      deps={deps}
      onChosen={onChosen}
    />
  );
}

/** The same with its own react-query provider, loaded on demand by onboarding (only businesses need it). */
export default withQueryClient(IndustrySelectField) as typeof IndustrySelectField;
