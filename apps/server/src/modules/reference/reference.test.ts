import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, req, loginAdmin, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let admin: string;
let user: LoggedIn;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAdmin(t.app);
  user = await signup(t.app);
});
afterAll(() => t.close());

const get = (url: string, lang?: string) => req(t.app, 'GET', url, { language: lang });

describe('countries (SPEC §3: id, key, name, countrykey)', () => {
  it('GET /api/country/list2 lists every ISO country (and Kosovo, 983), named and sorted in the app-language', async () => {
    const en = (await get('/api/country/list2')).json();
    expect(en.total).toBe(250);
    expect(en.list.find((c: { id: number }) => c.id === 276)).toEqual({ id: 276, key: 'de', name: 'Germany', countrykey: 'DE' });
    const de = (await get('/api/country/list2', 'de')).json();
    const names = de.list.map((c: { name: string }) => c.name);
    expect(de.list.find((c: { key: string }) => c.key === 'de').name).toBe('Deutschland');
    expect(de.list.find((c: { key: string }) => c.key === 'at').name).toBe('Österreich');
    expect(de.list.find((c: { key: string }) => c.key === 'ch').name).toBe('Schweiz');
    expect(names).toEqual([...names].sort(new Intl.Collator('de-DE').compare));
    // Ö sorts with O in German, not after Z
    expect(names.indexOf('Österreich')).toBeLessThan(names.indexOf('Polen'));
    expect((await get('/api/country/list2', 'nl')).json().list.find((c: { key: string }) => c.key === 'de').name).toBe('Duitsland');
  });

  it('the generic calls: public read with localized names, admin write', async () => {
    expect((await get('/api/country/40', 'it')).json()).toEqual({ id: 40, key: 'at', name: 'Austria', countrykey: 'AT' });
    const page = (await get('/api/country/list?f.countrykey=ch&o.sort=id')).json();
    expect(page.list).toEqual([{ id: 756, key: 'ch', name: 'Switzerland', countrykey: 'CH' }]);
    const testland = { id: 999, key: 'zz', countrykey: 'ZZ', name: 'Testland' };
    expect((await req(t.app, 'POST', '/api/country/add', { body: testland })).statusCode).toBe(401);
    expect((await req(t.app, 'POST', '/api/country/add', { body: testland, token: user.token })).statusCode).toBe(403);
    expect((await req(t.app, 'POST', '/api/country/add', { body: { ...testland, key: 'ZZ' }, token: admin })).statusCode).toBe(400);
    const made = await req(t.app, 'POST', '/api/country/add', { body: testland, token: admin });
    expect(made.json()).toEqual(testland); // no localized name known: the stored one
    expect((await req(t.app, 'POST', '/api/country/add', { body: testland, token: admin })).statusCode).toBe(409);
    expect((await req(t.app, 'DELETE', '/api/country/delete/999', { token: admin })).json()).toEqual({ ok: true });
  });
});

describe('plain reference lists: salutations, academic titles, contacts, document template categories, time zones', () => {
  it('are public with the fixed ids', async () => {
    expect((await get('/api/salutation/list')).json().list.map((s: { key: string }) => s.key)).toEqual(['mr', 'ms', 'diverse']);
    expect((await get('/api/academictitle/3')).json()).toEqual({ id: 3, key: 'profdr', name: 'Prof. Dr.' });
    expect((await get('/api/contact/list')).json().total).toBe(6);
    expect((await get('/api/documenttemplatecategory/list?f.key=invoice')).json().list).toEqual([
      { id: 2, key: 'invoice', name: 'Invoice' },
    ]);
    const zones = (await get('/api/timezone/list?p.s=1000')).json();
    expect(zones.total).toBeGreaterThan(300);
    expect(zones.list.map((z: { key: string }) => z.key)).toEqual(expect.arrayContaining(['Europe/Berlin', 'Europe/Vienna', 'UTC']));
  });

  it('an admin adds after the seeded ids; others cannot; bad input is 400', async () => {
    expect((await req(t.app, 'POST', '/api/salutation/add', { body: { key: 'dr', name: 'Dr' }, token: user.token })).statusCode).toBe(403);
    const made = await req(t.app, 'POST', '/api/salutation/add', { body: { key: 'family', name: 'Family' }, token: admin });
    expect(made.statusCode).toBe(200);
    expect(made.json().id).toBe(4);
    expect((await req(t.app, 'POST', '/api/salutation/add', { body: { key: 'Bad Key', name: '' }, token: admin })).statusCode).toBe(400);
    const tz = await req(t.app, 'POST', '/api/timezone/add', { body: { key: 'Mars/Olympus', name: 'Mars' }, token: admin });
    expect(tz.statusCode).toBe(400);
    expect(tz.json().fields).toEqual([{ path: 'body.key', key: 'FORM.ERROR.PATTERN' }]);
  });
});
