import { birthdayBounds, Gender } from '@spotlist/contracts';
import type { Control } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { RadioField } from '../../../components/form/radio-field';
import { TextField } from '../../../components/form/text-field';
import { formatDay, useLocale } from '../../../lib/format';
import type { ProfileFormValues } from '../profile-form';

/**
 * The blogger part of the profile (SPEC §6): blogger type, gender (none = null, male = 1,
 * female = 2) and birthday (SPEC §5/§9: from 1900-01-01 to today minus 16 years; the input
 * offers only those days, the contracts' rule refuses others with MINDATE / MAXDATE).
 */
export default function BloggerFields({ control }: { control: Control<ProfileFormValues> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { min, max } = birthdayBounds();
  return (
    <section className="form-section" aria-labelledby="profile-blogger">
      <h2 id="profile-blogger">{t('PROFILE.BLOGGER')}</h2>
      <TextField control={control} name="bloggertype" label={t('PROFILE.BLOGGERTYPE')} />
      <RadioField
        control={control}
        name="gender"
        label={t('PROFILE.GENDER')}
        choices={[
          { value: null, label: t('PROFILE.GENDER_NONE') },
          { value: Gender.male, label: t('PROFILE.GENDER_MALE') },
          { value: Gender.female, label: t('PROFILE.GENDER_FEMALE') },
        ]}
      />
      <TextField
        control={control}
        name="birthday.value"
        label={t('PROFILE.BIRTHDAY')}
        type="date"
        min={min}
        max={max}
        autocomplete="bday"
        helperText={t('PROFILE.BIRTHDAY_HINT', { min: formatDay(min, locale), max: formatDay(max, locale) })}
      />
    </section>
  );
}
