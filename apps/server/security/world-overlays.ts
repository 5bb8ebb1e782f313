import type { TestApp } from '../test/helpers.ts';
import type { SweepRequest } from './sweep.ts';
import { must, type Actor, type As } from './world.ts';

/** The languages of a business's translation run, one for each action of the sweep. */
export const TRANSLATED = ['de', 'fr', 'it'] as const;
export const TRANSLATION_ACTION_LANGUAGE = { publish: 'de', discard: 'fr', retry: 'it' } as const;

/** The shared settings of a sweep overlay (shown in the guest app and on every page). */
export const overlaySettings = (name: string) => ({
  name,
  format: 'modal',
  where: { guestApp: true, widgetIds: [], urlPatterns: ['/*'] },
  trigger: { kind: 'load', delaySeconds: 1 },
  frequency: { kind: 'session' },
  schedule: { from: null, until: null, timeZone: 'Europe/Berlin' },
  fallback: [],
});

/** One language's content; the title names its owner (a secret of the matrix while a draft). */
export const overlayContent = (title: string) => ({ title, html: `<p>${title}</p>`, imageDocumentId: null, buttons: [] });

/**
 * Overlays of the sweep's world: each business (every flag) has one with a published language
 * (`objects`: what others attack) and one for its own requests (`scratch`).
 */
export async function addOverlays(t: TestApp, actors: Actor[]): Promise<void> {
  for (const a of actors.filter((x) => x.kind === 'business')) {
    const call = (method: 'GET' | 'POST', url: string, body?: unknown) => must(t, { method, url, body, token: a.token, ip: a.ip });
    const [lang] = ((await call('GET', '/api/overlay/allenabledlanguages')).json() as { languages: string[] }).languages;
    const make = async (name: string) =>
      (
        (
          await call('POST', '/api/overlay', { ...overlaySettings(name), language: lang, content: overlayContent(`${a.label} draft`) })
        ).json() as {
          id: number;
        }
      ).id;
    a.objects.overlay = await make(`${a.label} overlay`);
    a.objects.overlayLang = lang;
    await call('POST', `/api/overlay/publish?id=${a.objects.overlay}&lang=${lang}`, overlayContent(`${a.label} announcement`));
    a.objects.overlaySite = ((await call('GET', '/api/overlays')).json() as { publicId: string }).publicId;
    a.scratch.overlay = await make(`${a.label} scratch overlay`);
    // "Translate to all languages" of a widget of its own, into three languages, settled: one
    // language for each of the sweep's publish, discard and retry (the world's fake echoes the
    // prompt, whose JSON reads as the fields: every language is a draft)
    const widget = (
      await call('POST', '/api/widget/add', {
        name: `${a.label} translated widget`,
        languages: ['en', ...TRANSLATED],
        texts: { en: { title: `${a.label} favourites`, intro: 'Our favourite places around the lake.' } },
      })
    ).json() as { id: number };
    const run = (await call('POST', '/api/openai/translations', { kind: 'widget', id: widget.id, from: 'en' })).json() as { id: number };
    a.objects.translationRun = run.id;
    a.objects.translationWidget = widget.id;
    for (let i = 0; i < 200; i++) {
      const { items } = (await call('GET', `/api/openai/translations/${run.id}`)).json() as { items: { status: string }[] };
      if (items.every((x) => x.status !== 'queued' && x.status !== 'running')) break;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

/** What the owner reads back: its overlays, and its overlay's language with the draft. */
export const overlayReads = (a: Actor, mine: (url: string) => SweepRequest): SweepRequest[] =>
  a.objects.overlay ? [mine('/api/overlays'), mine(`/api/overlay?id=${a.objects.overlay}&lang=${a.objects.overlayLang}`)] : [];

/** Nobody reads, changes, publishes or deletes another's overlay; the lists answer one's own; the public answer is public. */
export function overlayAttacks(v: Actor, as: As): void {
  const id = v.objects.overlay;
  const lang = v.objects.overlayLang;
  if (!id || !lang) return;
  const q = `id=${id}&lang=${lang}`;
  as('GET /api/overlay', 'never', { method: 'GET', url: `/api/overlay?${q}` });
  as('POST /api/overlay/savedraft', 'never', { method: 'POST', url: `/api/overlay/savedraft?${q}`, body: overlayContent('pwned') });
  as('POST /api/overlay/publish', 'never', { method: 'POST', url: `/api/overlay/publish?${q}`, body: overlayContent('pwned') });
  as('POST /api/overlay/delete', 'never', { method: 'POST', url: `/api/overlay/delete?${q}` });
  const day = new Date().toISOString().slice(0, 10);
  as('GET /api/overlay/analytics', 'never', { method: 'GET', url: `/api/overlay/analytics?id=${id}&from=${day}&to=${day}` });
  as('POST /api/overlay/update/all', 'never', {
    method: 'POST',
    url: '/api/overlay/update/all',
    body: { ...overlaySettings('pwned'), id },
  });
  // a translation run is its owner's alone: another business reads, retries, publishes and discards nothing
  const run = v.objects.translationRun;
  if (run) {
    as('GET /api/openai/translations/{id}', 'never', { method: 'GET', url: `/api/openai/translations/${run}` });
    for (const [action, language] of Object.entries(TRANSLATION_ACTION_LANGUAGE))
      as(`POST /api/openai/translations/{id}/${action}`, 'never', {
        method: 'POST',
        url: `/api/openai/translations/${run}/${action}?language=${language}`,
      });
  }
  // nor translates another's overlay or widget
  as('POST /api/openai/translations', 'never', {
    method: 'POST',
    url: '/api/openai/translations',
    body: { kind: 'overlay', id, from: lang },
  });
  for (const url of ['/api/overlays', '/api/overlay/active', `/api/overlay/language?lang=${lang}&isDraft=true`])
    as(`GET ${url.split('?')[0]}`, 'own', { method: 'GET', url });
  as('GET /api/overlay/allenabledlanguages', 'own', {
    method: 'GET',
    url: `/api/overlay/allenabledlanguages?clientId=${v.user.client.id}`,
  });
  // what visitors see and tell: public (the published announcement, never the draft)
  if (v.objects.overlaySite) {
    as(
      'POST /api/public/overlay/{publicId}/event',
      'read',
      {
        method: 'POST',
        url: `/api/public/overlay/${v.objects.overlaySite}/event`,
        body: { overlayId: id, language: lang, event: 'view' },
        token: undefined,
      },
      true,
    );
    as(
      'GET /api/public/overlay/{publicId}',
      'read',
      { method: 'GET', url: `/api/public/overlay/${v.objects.overlaySite}?where=guest`, token: undefined },
      true,
    );
  }
}
