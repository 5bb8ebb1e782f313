import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { APP_LANGUAGES, type AiTranslationRun, type OverlayView } from '@spotlist/contracts';
import { buildTestApp, req, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { business, setFlags } from '../../../test/widget-helpers.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../../../test/fakes/openai.ts';
import { phrasebook, type Phrasebook } from '../../../test/fakes/phrasebook.ts';
import { detectLanguage } from './translations.service.ts';

let fake: FakeOpenAi;
let book: Phrasebook;
let t: TestApp;
let hotel: LoggedIn; // overlays and the assistant; offers all 13 languages, English first
let rival: LoggedIn; // the same flags, another business
let overlay: OverlayView;

const SOURCE = {
  title: 'Breakfast on the terrace',
  html: '<p>Every morning from 7 to 11, <strong>€14</strong> per person. Menu: https://hotel.example/breakfast</p>',
  imageDocumentId: null,
  buttons: [{ kind: 'url', label: 'Book a table', url: 'https://hotel.example/book' }],
};

const call = (u: LoggedIn | null, method: 'GET' | 'POST', url: string, body?: unknown) =>
  req(t.app, method, url, { token: u?.token, body });

/** Polls the run until no language is queued or running. */
async function settled(u: LoggedIn, id: number, timeoutMs = 15_000): Promise<AiTranslationRun> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await call(u, 'GET', `/api/openai/translations/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json() as AiTranslationRun;
    if (run.items.every((i) => i.status !== 'queued' && i.status !== 'running')) return run;
    if (Date.now() > until) throw new Error(`run ${id} still working: ${JSON.stringify(run.items.map((i) => i.status))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const texts = async (overlayId: number) =>
  (
    (await t.database.db.execute(
      sql`select language, draft, published from overlay_texts where overlay_id = ${overlayId} order by language`,
    )) as unknown as { rows: { language: string; draft: { title: string; html: string }; published: unknown }[] }
  ).rows;

beforeAll(async () => {
  fake = await startFakeOpenAi();
  book = phrasebook();
  fake.reply = (messages) => book.reply(messages) ?? 'not a translation';
  t = await buildTestApp({
    config: {
      AI_BASE_URL: fake.url,
      AI_TIMEOUT_MS: '3000',
      AI_QUOTA_USER_REQUESTS: '200',
      AI_QUOTA_USER_TOKENS: '1000000',
      AI_QUOTA_CLIENT_REQUESTS: '1000',
      AI_QUOTA_CLIENT_TOKENS: '10000000',
    },
  });
  const { rows } = (await t.database.db.execute(sql`select id, key from languages`)) as unknown as { rows: { id: number; key: string }[] };
  const ids = new Map(rows.map((r) => [r.key, r.id]));
  hotel = await business(t.app, { overlayactivated: true, aiassistantactivated: true });
  rival = await business(t.app, { overlayactivated: true, aiassistantactivated: true });
  for (const key of ['en', ...APP_LANGUAGES.filter((l) => l !== 'en')]) {
    const res = await call(hotel, 'POST', '/api/language/add', { id: ids.get(key) });
    expect(res.statusCode, res.body).toBe(200);
  }
  const made = await call(hotel, 'POST', '/api/overlay', {
    name: 'Terrace breakfast',
    format: 'modal',
    where: { guestApp: true, widgetIds: [], urlPatterns: [] },
    trigger: { kind: 'load', delaySeconds: 3 },
    frequency: { kind: 'session' },
    schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
    fallback: ['en'],
    language: 'en',
    content: SOURCE,
  });
  expect(made.statusCode, made.body).toBe(200);
  overlay = made.json() as OverlayView;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the language check', () => {
  it('tells the 13 app languages apart, and says nothing of a text too short', () => {
    expect(detectLanguage('Genießen Sie jeden Morgen ein frisches Frühstück auf unserer sonnigen Terrasse.')).toBe('de');
    expect(detectLanguage('Uživajte svako jutro u svježem doručku na našoj sunčanoj terasi, uz kruh iz seoske pekare.')).toBe('hr');
    expect(detectLanguage('Nyd hver morgen en frisk morgenmad på vores solrige terrasse, med brød fra landsbyens bager.')).toBe('da');
    expect(detectLanguage('Enjoy a fresh breakfast on our sunny terrace every morning.')).toBe('en');
    expect(detectLanguage('Book now')).toBeNull();
  });
});

describe('Translate to all languages (issue 20)', () => {
  it('makes a draft in each of the other 12 languages, one job each, and publishes none', async () => {
    const before = fake.requests.length;
    const res = await call(hotel, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json() as AiTranslationRun;
    expect(started.items.map((i) => i.language).sort()).toEqual(APP_LANGUAGES.filter((l) => l !== 'en').sort());
    expect(started.source).toEqual({ title: SOURCE.title, html: SOURCE.html, 'button.0': 'Book a table' });

    const run = await settled(hotel, started.id);
    expect(
      run.items.every((i) => i.status === 'done'),
      JSON.stringify(run.items),
    ).toBe(true);
    // one completion per language
    expect(fake.requests.length - before).toBe(12);
    const de = run.items.find((i) => i.language === 'de')!;
    expect(de.draft!.title).toBe('Frühstück auf der Terrasse');
    expect(de.checks).toEqual({
      length: { ok: true, chars: expect.any(Number), max: 1500 },
      protected: { ok: true, missing: [] },
      language: { ok: true, detected: 'de' },
    });
    // every language's draft is the overlay's draft now; only the source language is published, and it was not
    const rows = await texts(overlay.id);
    expect(rows).toHaveLength(13);
    expect(rows.filter((r) => r.published !== null)).toHaveLength(0);
    expect(rows.find((r) => r.language === 'da')!.draft.title).toBe('Morgenmad på terrassen');
    // the picture and the button's link come from the source
    const da = (await call(hotel, 'GET', `/api/overlay?id=${overlay.id}&lang=da`)).json() as { draft: typeof SOURCE };
    expect(da.draft.buttons).toEqual([{ kind: 'url', label: 'Bestil bord', url: 'https://hotel.example/book' }]);
    // the prompt asked for the target language and carried the text as JSON
    const prompt = fake.requests.at(-1)!.messages;
    expect(prompt[0]!.content).toMatch(/from English into \w+\./);
    expect(JSON.parse(prompt[1]!.content.replace(/^Text:\n/, ''))).toEqual(started.source);

    // publishing German puts the reviewed draft live, the others stay drafts
    const pub = await call(hotel, 'POST', `/api/openai/translations/${run.id}/publish?language=de`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect((pub.json() as AiTranslationRun).items.find((i) => i.language === 'de')!.status).toBe('published');
    const after = await texts(overlay.id);
    expect(after.filter((r) => r.published !== null).map((r) => r.language)).toEqual(['de']);
    // published once: a second publish is refused
    const again = await call(hotel, 'POST', `/api/openai/translations/${run.id}/publish?language=de`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ key: 'error.ai.translation.state' });
  });

  it('flags a draft in the wrong language or without the price and link, and a failed language is retried alone', async () => {
    book.garbled.add('fr');
    book.english.add('it');
    book.dropTerms.add('nl');
    const res = await call(hotel, 'POST', '/api/openai/translations', {
      kind: 'overlay',
      id: overlay.id,
      from: 'en',
      to: ['fr', 'it', 'nl'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const run = await settled(hotel, (res.json() as AiTranslationRun).id);
    const item = (l: string) => run.items.find((i) => i.language === l)!;
    expect(item('fr')).toMatchObject({ status: 'failed', errorKey: 'error.ai.provider', draft: null });
    expect(item('it').checks!.language).toEqual({ ok: false, detected: 'en' });
    expect(item('nl').checks!.protected.ok).toBe(false);
    expect(item('nl').checks!.protected.missing).toEqual(expect.arrayContaining(['€14', 'https://hotel.example/breakfast']));

    // a language being translated is not started again; a language the run lacks is not found
    await t.database.db.execute(sql`update ai_translation_items set status = 'running' where run_id = ${run.id} and language = 'it'`);
    const busy = await call(hotel, 'POST', `/api/openai/translations/${run.id}/retry?language=it`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ key: 'error.ai.translation.state' });
    await t.database.db.execute(sql`update ai_translation_items set status = 'done' where run_id = ${run.id} and language = 'it'`);
    expect((await call(hotel, 'POST', `/api/openai/translations/${run.id}/retry?language=de`)).statusCode).toBe(404);
    // the failed language runs again, alone
    book.garbled.delete('fr');
    const before = fake.requests.length;
    const retried = await call(hotel, 'POST', `/api/openai/translations/${run.id}/retry?language=fr`);
    expect(retried.statusCode, retried.body).toBe(200);
    const done = await settled(hotel, run.id);
    expect(fake.requests.length - before).toBe(1);
    expect(done.items.find((i) => i.language === 'fr')).toMatchObject({ status: 'done', attempts: 2 });
    expect(done.items.find((i) => i.language === 'it')!.attempts).toBe(1);
    book.english.clear();
    book.dropTerms.clear();
  });

  it("keeps the model's rich text only as the overlay stores any: sanitized", async () => {
    const reply = fake.reply;
    fake.reply = () =>
      JSON.stringify({
        title: 'Pequeno-almoço',
        html: '<p onclick="steal()">Olá <script>alert(1)</script><img src=x onerror=alert(2)> €14 https://hotel.example/breakfast</p>',
        'button.0': 'Reservar',
      });
    try {
      const res = await call(hotel, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en', to: ['pt'] });
      const run = await settled(hotel, (res.json() as AiTranslationRun).id);
      const html = run.items[0]!.draft!.html!;
      expect(html).toContain('Olá');
      expect(html).not.toMatch(/script|onerror|onclick|<img/i);
      expect((await texts(overlay.id)).find((r) => r.language === 'pt')!.draft.html).toBe(html);
    } finally {
      fake.reply = reply;
    }
  });

  it("carries the business's voice in every language's prompt", async () => {
    const saved = await call(hotel, 'POST', '/api/setting/save', {
      key: 'ai.voice',
      value: { description: 'Warm, short sentences, we say "you".', use: ['terrace'], avoid: ['cheap'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const before = fake.requests.length;
    const res = await call(hotel, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en', to: ['es'] });
    await settled(hotel, (res.json() as AiTranslationRun).id);
    const system = fake.requests[before]!.messages[0]!.content;
    expect(system).toContain('Warm, short sentences, we say "you".');
    expect(system).toContain('Never use these words: cheap.');
    expect(system).toContain('from English into Spanish.');
  });

  it('discard gives the language back the draft it had before', async () => {
    // Danish has the first run's draft; a hand-written one replaces it, then a run overwrites that
    const mine = { title: 'Morgenmad', html: '<p>Vores egen tekst om morgenmaden på terrassen.</p>', imageDocumentId: null, buttons: [] };
    expect((await call(hotel, 'POST', `/api/overlay/savedraft?id=${overlay.id}&lang=da`, mine)).statusCode).toBe(200);
    const res = await call(hotel, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en', to: ['da', 'tr'] });
    const run = await settled(hotel, (res.json() as AiTranslationRun).id);
    expect((await texts(overlay.id)).find((r) => r.language === 'da')!.draft.title).toBe('Morgenmad på terrassen');
    const dropped = await call(hotel, 'POST', `/api/openai/translations/${run.id}/discard?language=da`);
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect((await texts(overlay.id)).find((r) => r.language === 'da')!.draft).toMatchObject({ title: 'Morgenmad', html: mine.html });
    expect((dropped.json() as AiTranslationRun).items.find((i) => i.language === 'da')!.status).toBe('discarded');
  });

  it("refuses what cannot be translated, another business's overlay and run, and counts each language in the quota", async () => {
    const bad = [
      { kind: 'overlay', id: overlay.id, from: 'xx' },
      { kind: 'poster', id: overlay.id, from: 'en' },
      { kind: 'overlay', id: -1, from: 'en' },
      { kind: 'overlay', id: overlay.id, from: 'en', to: [] },
      { kind: 'overlay', id: overlay.id, from: 'en', extra: 1 },
    ];
    for (const body of bad) {
      const res = await call(hotel, 'POST', '/api/openai/translations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ key: 'error.validation' });
    }
    // translating into the source alone is nothing to do
    const nothing = await call(hotel, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en', to: ['en'] });
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()).toMatchObject({ key: 'error.ai.translation.nothing' });
    // a language without text
    const theirs = await call(rival, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en' });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ key: 'error.overlay.notfound' });
    const runs = (await t.database.db.execute(sql`select id from ai_translation_runs order by id limit 1`)) as unknown as {
      rows: { id: number }[];
    };
    const first = runs.rows[0]!.id;
    for (const url of [`/api/openai/translations/${first}`]) {
      const res = await call(rival, 'GET', url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ key: 'error.ai.translation.notfound' });
    }
    const pub = await call(rival, 'POST', `/api/openai/translations/${first}/publish?language=fr`);
    expect(pub.statusCode).toBe(404);
    // each language was one request of the owner's quota
    const status = (await call(hotel, 'GET', '/api/openai/status')).json() as { quota: { requests: { used: number } } };
    expect(status.quota.requests.used).toBe(12 + 3 + 1 + 1 + 1 + 2);

    // the account export tells what the assistant was used for, never a text
    const exported = await call(hotel, 'GET', '/api/myprofile/export');
    expect(exported.statusCode, exported.body).toBe(200);
    const ai = (exported.json() as { ai: { usage: unknown[]; translations: { kind: string; languages: { language: string }[] }[] } }).ai;
    expect(ai.usage).toHaveLength(20);
    expect(ai.usage[0]).toMatchObject({ model: 'gpt-3.5-turbo', status: 'ok', promptTokens: expect.any(Number) });
    expect(ai.translations.map((r) => r.languages.length)).toEqual([12, 3, 1, 1, 2]);
    expect(exported.body).not.toContain('Frühstück');
  });

  it("translates a widget's title and intro into its languages, kept in the run until a language is published", async () => {
    await setFlags(t.app, hotel.user.id, { overlayactivated: true, aiassistantactivated: true, widgetv2activated: true });
    const made = await call(hotel, 'POST', '/api/widget/add', {
      name: 'Our favourites',
      languages: ['en', 'de', 'pl'],
      texts: {
        en: {
          title: 'Our favourite places',
          intro: 'Breakfast is €14 at https://hotel.example/breakfast — and these are the places we love around the lake.',
        },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const widget = made.json() as { id: number };
    const res = await call(hotel, 'POST', '/api/openai/translations', { kind: 'widget', id: widget.id, from: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    const run = await settled(hotel, (res.json() as AiTranslationRun).id);
    expect(run.items.map((i) => [i.language, i.status])).toEqual([
      ['de', 'done'],
      ['pl', 'done'],
    ]);
    const pl = run.items.find((i) => i.language === 'pl')!;
    expect(pl.checks).toMatchObject({ protected: { ok: true }, language: { ok: true, detected: 'pl' }, length: { ok: true, max: 2200 } });
    // nothing reached the widget yet
    const before = (await call(hotel, 'GET', `/api/widget/${widget.id}`)).json() as { texts: Record<string, unknown> };
    expect(Object.keys(before.texts).filter((l) => before.texts[l] && (before.texts[l] as { title?: string }).title)).toEqual(['en']);
    expect((await call(hotel, 'POST', `/api/openai/translations/${run.id}/publish?language=pl`)).statusCode).toBe(200);
    const after = (await call(hotel, 'GET', `/api/widget/${widget.id}`)).json() as {
      texts: Record<string, { title: string; intro: string }>;
    };
    expect(after.texts.pl).toEqual({ title: 'Śniadanie na tarasie', intro: pl.draft!.intro });
    expect(after.texts.en!.title).toBe('Our favourite places');
  });

  it('needs the flag', async () => {
    const plain = await business(t.app, { overlayactivated: true });
    const res = await call(plain, 'POST', '/api/openai/translations', { kind: 'overlay', id: overlay.id, from: 'en' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ key: 'error.flag.missing' });
  });
});
