import {
  AccountType,
  isHospitality,
  taxIdRequired,
  toNumber,
  Visibility,
  type LocationInput,
  type Place,
  type ProfileUpdateInput,
  type User,
} from '@spotlist/contracts';

/**
 * The profile form's values and the body it saves (SPEC §7 "Profile and settings": description,
 * email, homepageUrl, nickname.value, name, accountType, firstname, lastname, id, authtoken;
 * business adds industry2, street, streetnumber, zip, city, country, numberofrooms, taxid,
 * locationList.list; blogger adds bloggertype, gender, birthday). The form holds every field as
 * text ('' when empty) so every input is controlled; the contracts' schema judges the values.
 */
export interface CountryValue {
  id: number;
  key: string;
  countrykey: string;
}

export interface ProfileFormValues {
  email: string;
  nickname: { value: string };
  accountType: { id: number };
  name: { firstname: string; lastname: string; visibility: number };
  description: string;
  homepageUrl: string;
  // business
  industry2: { id: number } | null;
  street: string;
  streetnumber: string;
  zip: string;
  country: CountryValue | null;
  /** A place picked from the city search, or the text typed. */
  city: Place | string;
  numberofrooms: string;
  taxid: string;
  locationList: { list: LocationInput[] };
  // blogger
  bloggertype: string;
  gender: 1 | 2 | null;
  birthday: { value: string };
}

const text = (v: string | null | undefined): string => v ?? '';

export function toFormValues(user: User): ProfileFormValues {
  return {
    email: user.email,
    nickname: { value: user.nickname.value },
    accountType: { id: user.accountType.id },
    name: { firstname: user.name.firstname, lastname: user.name.lastname, visibility: user.name.visibility || Visibility.private },
    description: text(user.description),
    homepageUrl: text(user.homepageUrl),
    industry2: user.industry2 ? { id: user.industry2.id } : null,
    street: text(user.street),
    streetnumber: text(user.streetnumber),
    zip: text(user.zip),
    country: user.country ? { id: user.country.id, key: user.country.key, countrykey: user.country.countrykey } : null,
    city: user.cityPlace ?? text(user.city),
    numberofrooms: user.numberofrooms === null || user.numberofrooms === undefined ? '' : String(user.numberofrooms),
    taxid: text(user.taxid),
    locationList: {
      list: (user.locationList?.list ?? []).map((l) => ({
        name: l.name,
        city: l.city,
        country: l.country,
        latitude: l.latitude,
        longitude: l.longitude,
        placeid: l.placeid,
        visibility: { id: l.visibility.id },
      })),
    },
    bloggertype: text(user.bloggertype),
    gender: user.gender === 1 || user.gender === 2 ? user.gender : null,
    birthday: { value: text(user.birthday?.value) },
  };
}

/** The city field's text, whether a place was picked or a name typed. */
export const cityText = (city: ProfileFormValues['city']): string => (typeof city === 'string' ? city : city.city);

/**
 * The body of POST /api/myprofile/update for the user's account type: the fields SPEC §7 lists
 * for it, with what SPEC §5 clears already cleared (rooms outside hospitality, the tax id in
 * Germany or without a country). `authtoken` is listed by the spec; the server ignores it.
 */
export function toProfileBody(values: ProfileFormValues, user: Pick<User, 'id' | 'accountType'>, authtoken?: string): ProfileUpdateInput {
  const type = user.accountType.id;
  const body: ProfileUpdateInput = {
    id: user.id,
    ...(authtoken ? { authtoken } : {}),
    email: values.email,
    nickname: { value: values.nickname.value },
    accountType: { id: type },
    name: { ...values.name },
    firstname: values.name.firstname,
    lastname: values.name.lastname,
    description: values.description,
    homepageUrl: values.homepageUrl,
  };
  if (type === AccountType.business) {
    Object.assign(body, {
      industry2: values.industry2,
      street: values.street,
      streetnumber: values.streetnumber,
      zip: values.zip,
      city: values.city,
      country: values.country,
      numberofrooms: isHospitality(values.industry2) ? toNumber(values.numberofrooms) : null,
      taxid: taxIdRequired(values.country) ? values.taxid : null,
      locationList: { list: values.locationList.list },
    } satisfies Partial<ProfileUpdateInput>);
  }
  if (type === AccountType.blogger) {
    Object.assign(body, {
      bloggertype: values.bloggertype,
      gender: values.gender,
      birthday: values.birthday.value ? { value: values.birthday.value } : null,
    } satisfies Partial<ProfileUpdateInput>);
  }
  return body;
}
