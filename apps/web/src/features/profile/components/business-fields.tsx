import { isGermany, isHospitality, taxIdRequired } from '@spotlist/contracts';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/translator';
import { SelectIdField } from '../../../components/form/select-id-field';
import { TextField } from '../../../components/form/text-field';
import { withQueryClient } from '../../../lib/query-client';
import { formErrorKey } from '../../../lib/validation';
import { useCountries } from '../api/get-countries';
import { cityText, type ProfileFormValues } from '../profile-form';
import { CityAutocomplete } from './city-autocomplete';
import { IndustrySelectField } from './industry-select';
import { LocationsField } from './locations-field';

/**
 * The business part of the profile (SPEC §6: industry, address, country, tax id, rooms and
 * locations), loaded only for businesses (with react-query for the reference lists). SPEC §5:
 * rooms are shown and required only for hospitality and cleared otherwise; the tax id is required
 * only outside Germany and cleared (and disabled) for Germany or without a country; the city is
 * searched within the chosen country and cleared when the country changes.
 */
function BusinessFields({ form }: { form: UseFormReturn<ProfileFormValues> }) {
  const { t } = useTranslation();
  const { control, setValue, getValues } = form;
  const countries = useCountries();
  const [industry, country] = useWatch({ control, name: ['industry2', 'country'] });
  const hospitality = isHospitality(industry);
  const needsTaxId = taxIdRequired(country);
  const countryCode = country?.countrykey ?? null;

  const options = { shouldDirty: true, shouldValidate: form.formState.isSubmitted } as const;

  const onIndustry = (value: unknown) => {
    if (!isHospitality(value) && getValues('numberofrooms') !== '') setValue('numberofrooms', '', options);
  };
  const onCountry = (value: unknown) => {
    if (!taxIdRequired(value) && getValues('taxid') !== '') setValue('taxid', '', options);
    if (cityText(getValues('city')) !== '') setValue('city', '', options);
  };
  const toCountry = (id: number) => {
    const c = countries.data?.find((x) => x.id === id);
    return c ? { id: c.id, key: c.key, countrykey: c.countrykey } : { id };
  };

  return (
    <>
      <section className="form-section" aria-labelledby="profile-business">
        <h2 id="profile-business">{t('PROFILE.BUSINESS')}</h2>
        <IndustrySelectField control={control} name="industry2" deps={['numberofrooms']} onChosen={onIndustry} />
        {hospitality && (
          <TextField control={control} name="numberofrooms" label={t('PROFILE.ROOMS')} type="number" inputmode="numeric" min="1" />
        )}
        <div className="form-row">
          <TextField control={control} name="street" label={t('PROFILE.STREET')} autocomplete="address-line1" />
          <TextField control={control} name="streetnumber" label={t('PROFILE.STREETNUMBER')} />
        </div>
        <TextField control={control} name="zip" label={t('PROFILE.ZIP')} autocomplete="postal-code" />
        <SelectIdField
          control={control}
          name="country"
          label={t('FORM.COUNTRY')}
          placeholder={t('FORM.CHOOSE')}
          choices={(countries.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          toValue={toCountry}
          deps={['taxid', 'city']}
          onChosen={onCountry}
        />
        <CityField form={form} country={countryCode} />
        <TextField
          control={control}
          name="taxid"
          label={t('PROFILE.TAXID')}
          disabled={!needsTaxId}
          helperText={country && isGermany(country) ? t('PROFILE.TAXID_GERMANY') : t('PROFILE.TAXID_HINT')}
        />
      </section>
      <LocationsField control={control} defaultCountry={countryCode} />
    </>
  );
}

function CityField({ form, country }: { form: UseFormReturn<ProfileFormValues>; country: string | null }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control: form.control, name: 'city' });
  return (
    <CityAutocomplete
      label={t('FORM.CITY')}
      value={cityText(field.value)}
      country={country}
      onType={(text) => field.onChange(text)}
      onPick={(place) => field.onChange(place)}
      onBlur={field.onBlur}
      errorText={fieldState.error ? t(formErrorKey(fieldState.error.message)) : undefined}
    />
  );
}

export default withQueryClient(BusinessFields);
