import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const fieldsOf = (res: { json(): { fields?: { path: string; key: string }[] } }) =>
  Object.fromEntries((res.json().fields ?? []).map((f) => [f.path, f.key]));
const me = async (u: LoggedIn, lang?: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/myprofile',
      headers: { 'x-auth-token': u.token, ...(lang ? { 'app-language': lang } : {}) },
    })
  ).json();
const save = (u: LoggedIn, body: Record<string, unknown>) => req(t.app, 'POST', '/api/myprofile/update', { body, token: u.token });

const iso = (d: Date) => d.toISOString().slice(0, 10);
const yearsAgo = (years: number, days = 0) => {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCDate(d.getUTCDate() + days);
  return iso(d);
};

const munich = {
  city: 'München',
  country: 'DE',
  latitude: 48.13743,
  longitude: 11.57549,
  placeid: 'geonames:2867714',
  visibility: { id: 255 },
};
const vienna = {
  city: 'Wien',
  country: 'AT',
  latitude: 48.20849,
  longitude: 16.37208,
  placeid: 'geonames:2761369',
  visibility: { id: 255 },
};

/** The full business form as the profile page sends it (SPEC §7). */
const businessBody = (u: LoggedIn, extra: Record<string, unknown> = {}) => ({
  id: u.user.id,
  authtoken: u.token,
  email: u.email,
  nickname: { value: 'Hotel Isarblick' },
  accountType: { id: AccountType.business },
  description: 'Rooms with a view of the Isar.',
  homepageUrl: 'https://isarblick.example.com',
  name: { firstname: 'Anna', lastname: 'Huber', visibility: 255 },
  industry2: { id: 1, key: 'hospitality' },
  street: 'Erhardtstraße',
  streetnumber: '7',
  zip: '80469',
  city: munich,
  country: { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
  numberofrooms: 42,
  taxid: '',
  locationList: { list: [{ ...munich, name: 'Main house' }] },
  ...extra,
});

describe('POST /api/myprofile/update: business profile (SPEC §6, §7)', () => {
  let b: LoggedIn;
  beforeAll(async () => {
    b = await signup(t.app, AccountType.business);
  });

  it('saves the whole business form and answers the stored profile', async () => {
    const res = await save(b, businessBody(b));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      profileFilled: true,
      description: 'Rooms with a view of the Isar.',
      homepageUrl: 'https://isarblick.example.com',
      name: { firstname: 'Anna', lastname: 'Huber', visibility: 255 },
      industry2: { id: 1, key: 'hospitality' },
      street: 'Erhardtstraße',
      streetnumber: '7',
      zip: '80469',
      city: 'München',
      cityPlace: munich,
      country: { id: 276, key: 'de', countrykey: 'DE', name: 'Germany' },
      numberofrooms: 42,
      taxid: null,
      locationList: { list: [{ ...munich, name: 'Main house' }] },
    });
    expect(res.json().locationList.list[0].id).toBeGreaterThan(0);
  });

  it('hospitality needs rooms (REQUIRED; below 1 reported as max; fractions as integer)', async () => {
    const cases: [unknown, string][] = [
      [null, 'FORM.ERROR.REQUIRED'],
      ['', 'FORM.ERROR.REQUIRED'],
      [0, 'FORM.ERROR.MAX'],
      [100_001, 'FORM.ERROR.MAX'],
      [2.5, 'FORM.ERROR.INTEGER'],
    ];
    for (const [numberofrooms, key] of cases) {
      const res = await save(b, businessBody(b, { numberofrooms, description: 'changed' }));
      expect(res.statusCode, String(numberofrooms)).toBe(400);
      expect(res.json().key).toBe('error.validation');
      expect(fieldsOf(res)['body.numberofrooms']).toBe(key);
    }
    const { numberofrooms: _omit, ...withoutRooms } = businessBody(b);
    expect(fieldsOf(await save(b, withoutRooms))['body.numberofrooms']).toBe('FORM.ERROR.REQUIRED');
    // nothing of the refused saves was stored
    expect(await me(b)).toMatchObject({ numberofrooms: 42, description: 'Rooms with a view of the Isar.' });
  });

  it('rooms are cleared for another industry, and a numeric string counts', async () => {
    expect((await save(b, businessBody(b, { numberofrooms: ' 12 ' }))).json().numberofrooms).toBe(12);
    const res = await save(b, businessBody(b, { industry2: { id: 2 }, numberofrooms: 30 }));
    expect(res.json()).toMatchObject({ industry2: { id: 2, key: 'travel' }, numberofrooms: null });
  });

  it('Austria needs a tax id; Germany clears it', async () => {
    const austria = { id: 40, key: 'at', countrykey: 'AT' };
    for (const taxid of [undefined, '', '   ']) {
      const res = await save(b, businessBody(b, { country: austria, city: vienna, taxid }));
      expect(res.statusCode).toBe(400);
      expect(fieldsOf(res)['body.taxid']).toBe('FORM.ERROR.REQUIRED');
    }
    const ok = await save(b, businessBody(b, { country: { id: 40 }, city: vienna, taxid: 'ATU12345678' }));
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ country: { id: 40, key: 'at', countrykey: 'AT' }, taxid: 'ATU12345678', city: 'Wien' });
    const de = await save(b, businessBody(b, { taxid: 'DE999' }));
    expect(de.json()).toMatchObject({ country: { id: 276 }, taxid: null });
  });

  it('the city must lie in the chosen country, also when the country comes as an id only', async () => {
    const byCode = await save(b, businessBody(b, { city: vienna }));
    expect(fieldsOf(byCode)['body.city']).toBe('FORM.ERROR.CITYCOUNTRY');
    const byId = await save(b, businessBody(b, { city: vienna, country: { id: 276 } }));
    expect(byId.statusCode).toBe(400);
    expect(fieldsOf(byId)['body.city']).toBe('FORM.ERROR.CITYCOUNTRY');
    expect((await me(b)).city).not.toBe('Wien');
  });

  it('an unknown industry or country is hasId; a free-text city is kept without a place', async () => {
    expect(fieldsOf(await save(b, businessBody(b, { industry2: { id: 999 } })))['body.industry2']).toBe('hasId');
    expect(fieldsOf(await save(b, businessBody(b, { country: { id: 999 }, taxid: 'X1' })))['body.country']).toBe('hasId');
    const free = await save(b, businessBody(b, { city: 'Grünwald' }));
    expect(free.json()).toMatchObject({ city: 'Grünwald', cityPlace: null });
  });

  it('locations are replaced as a whole, in order; an empty list removes them', async () => {
    const list = [
      { ...vienna, name: 'Vienna office' },
      { ...munich, name: null },
    ];
    const res = await save(b, businessBody(b, { locationList: { list } }));
    expect(res.json().locationList.list.map((l: { city: string; name: string | null }) => [l.city, l.name])).toEqual([
      ['Wien', 'Vienna office'],
      ['München', null],
    ]);
    // the onboarding body leaves locations (and the address part) as they are
    const onboarding = await save(b, { email: b.email, nickname: { value: 'Hotel' }, accountType: { id: 2 }, industry2: { id: 1 } });
    expect(onboarding.json().locationList.list).toHaveLength(2);
    expect(onboarding.json().street).toBe('Erhardtstraße');
    const bad = await save(b, businessBody(b, { locationList: { list: [{ ...munich, latitude: 91 }] } }));
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)['body.locationList.list.0.latitude']).toBe('FORM.ERROR.MAX');
    expect((await save(b, businessBody(b, { locationList: { list: [] } }))).json().locationList.list).toEqual([]);
  });

  it('country names follow the app-language', async () => {
    await save(b, businessBody(b));
    expect((await me(b, 'de')).country.name).toBe('Deutschland');
    expect((await me(b, 'fr')).country.name).toBe('Allemagne');
  });
});

describe('POST /api/myprofile/update: blogger and private profiles', () => {
  it('a blogger saves bloggertype, gender and birthday; under 16 and before 1900 are refused', async () => {
    const g = await signup(t.app, AccountType.blogger);
    const base = { email: g.email, nickname: { value: 'Foodie' }, accountType: { id: 4 } };
    const ok = await save(g, { ...base, bloggertype: 'food', gender: 2, birthday: { value: yearsAgo(16) } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ bloggertype: 'food', gender: 2, birthday: { value: yearsAgo(16) } });
    const young = await save(g, { ...base, birthday: { value: yearsAgo(16, 1) } });
    expect(young.statusCode).toBe(400);
    expect(fieldsOf(young)['body.birthday.value']).toBe('FORM.ERROR.MAXDATE');
    expect(fieldsOf(await save(g, { ...base, birthday: { value: '1899-12-31' } }))['body.birthday.value']).toBe('FORM.ERROR.MINDATE');
    expect(fieldsOf(await save(g, { ...base, birthday: { value: '17.05.1990' } }))['body.birthday.value']).toBe('FORM.ERROR.PATTERN');
    expect(fieldsOf(await save(g, { ...base, gender: 3 }))['body.gender']).toBe('FORM.ERROR.GENDER');
    expect(await me(g)).toMatchObject({ gender: 2, birthday: { value: yearsAgo(16) } });
    const cleared = await save(g, { ...base, gender: null, birthday: null });
    expect(cleared.json()).toMatchObject({ gender: null, birthday: null, bloggertype: 'food' });
  });

  it('business and blogger fields sent by a private user are ignored', async () => {
    const p = await signup(t.app);
    const res = await save(p, {
      email: p.email,
      nickname: { value: 'Alex' },
      accountType: { id: 1 },
      firstname: 'Alex',
      lastname: 'Meier',
      industry2: { id: 1 },
      street: 'X',
      numberofrooms: 'many',
      taxid: 'whatever',
      birthday: { value: yearsAgo(3) },
      gender: 1,
      locationList: { list: [munich] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: { firstname: 'Alex', lastname: 'Meier' },
      industry2: null,
      street: null,
      numberofrooms: null,
      taxid: null,
      gender: null,
      birthday: null,
    });
    expect(res.json().locationList).toBeUndefined();
  });

  it('a blogger cannot turn into a business by the body: the stored type decides', async () => {
    const g = await signup(t.app, AccountType.blogger);
    const res = await save(g, {
      email: g.email,
      nickname: { value: 'X' },
      accountType: { id: 2 },
      industry2: { id: 1 },
      street: 'Y',
      numberofrooms: 3,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accountType: { id: 4 }, industry2: null, street: null, numberofrooms: null });
  });

  it('bad e-mail, empty nickname, bad homepage and visibility answer their keys', async () => {
    const p = await signup(t.app);
    const res = await save(p, {
      email: 'x',
      nickname: { value: ' ' },
      accountType: { id: 1 },
      homepageUrl: 'javascript:alert(1)',
      name: { visibility: 7 },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldsOf(res)).toMatchObject({
      'body.email': 'FORM.ERROR.PATTERN',
      'body.nickname.value': 'FORM.ERROR.REQUIRED',
      'body.homepageUrl': 'FORM.ERROR.PATTERN',
      'body.name.visibility': 'FORM.ERROR.VISIBILITY',
    });
  });
});

describe('one transaction per update; two users stay apart', () => {
  it('a refused e-mail leaves everything of the save unwritten, locations too', async () => {
    const a = await signup(t.app, AccountType.business);
    const b = await signup(t.app, AccountType.business);
    await save(b, businessBody(b));
    const before = await me(b);
    const res = await save(b, businessBody(b, { email: a.email.toUpperCase(), description: 'new', locationList: { list: [vienna] } }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ key: 'error.signup.email.taken' });
    expect(await me(b)).toEqual(before);
  });

  it("B's token only ever reaches B's profile; B cannot save with A's id", async () => {
    const a = await signup(t.app, AccountType.business);
    const b = await signup(t.app, AccountType.business);
    await save(a, businessBody(a));
    const res = await save(b, businessBody(b, { id: a.user.id, description: 'hijack' }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ key: 'error.auth.forbidden' });
    expect((await me(a)).description).toBe('Rooms with a view of the Isar.');
    expect((await me(b)).email).toBe(b.email);
    expect((await me(b)).locationList.list).toEqual([]);
  });

  it('401 without a token on every profile route', async () => {
    for (const [method, url] of [
      ['GET', '/api/myprofile'],
      ['POST', '/api/myprofile/update'],
      ['DELETE', '/api/myprofile/delete'],
      ['GET', '/api/myprofile/export'],
    ] as const) {
      const res = await req(t.app, method, url, { body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ key: 'error.auth.required' });
    }
  });
});
