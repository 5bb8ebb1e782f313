import { DEFAULT_PUSH_SETTINGS, GUEST_KEY_HEADER, RelationType } from '@spotlist/contracts';
import { PASSWORD } from '../test/helpers.ts';
import type { Operation } from './openapi-routes.ts';
import { multipart, send } from './sweep.ts';
import { freshNotice, LIKE_NAME, WIDGET_SETTING, type Actor, type World } from './world.ts';
import { overlayContent, overlaySettings, TRANSLATION_ACTION_LANGUAGE } from './world-overlays.ts';
import { fleetSettings } from './world-fleet.ts';
import { EXTERNAL_REQUESTS } from './world-external.ts';

/**
 * A valid request for every operation of openapi.json, made by `me` (a business account with
 * every flag for flag-gated routes, the admin for admin routes) on its own scratch objects: the
 * base that mass assignment adds fields to and hostile inputs replace parts of. An operation
 * missing here fails the sweep's coverage test: add it when you add a route.
 */
export interface Ctx {
  w: World;
  me: Actor;
}

export interface ValidRequest {
  params: Record<string, string | number>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart form instead of a JSON body. */
  form?: { name: string; value: string | Buffer; filename?: string; contentType?: string }[];
  headers?: Record<string, string>;
  /** The admin's token instead of `me`'s; none at all. */
  as?: 'admin' | 'anonymous';
}

const today = () => new Date().toISOString().slice(0, 10);
const pushInstall = () => {
  const r = Math.random().toString(36).slice(2);
  return { token: `sweep-fcm:${r}`, platform: 'android', deviceId: `sweep-install-${r}`, label: 'Sweep phone' };
};

/** Path parameters naming `me`'s own (scratch) objects, by the route's collection. */
export function ownParams(op: Operation, { w, me }: Ctx): Record<string, string | number> {
  const o = me.objects;
  const s = me.scratch;
  const params: Record<string, string | number> = {};
  for (const p of op.pathParams) {
    const at = op.path;
    let v: string | number;
    if (p.name === 'itemId') v = s.item;
    // a member of my scratch group: my friend
    else if (p.name === 'userId') v = me.friend || w.actors[0].id;
    else if (p.name === 'name') v = at.startsWith('/api/like/') ? LIKE_NAME : WIDGET_SETTING;
    else if (p.name === 'token') v = at.startsWith('/api/public/fleet/') ? o.fleetShare! : o.shareToken;
    else if (p.name === 'publicId')
      v = at.includes('guest-app') ? o.guestApp! : at.includes('/overlay/') ? o.overlaySite! : o.widgetV2!.publicId;
    else if (p.name === 'placeId') v = o.placePublic;
    else if (p.name === 'uploadId') v = o.uploadDone;
    else if (p.name === 'lang') v = w.admin.objects.translation.lang;
    else if (p.name === 'key') v = w.admin.objects.translation.key;
    else if (at.startsWith('/api/openai/translations/')) v = o.translationRun ?? 999_999;
    // the maker gives a real one (a status address of Facebook's deletion callback)
    else if (p.name === 'code') v = 'made-up';
    else if (at.startsWith('/api/externalaccount/')) v = o.externalAccount ?? 999_999;
    else if (at.startsWith('/api/place/')) v = s.place;
    else if (at.startsWith('/api/list/')) v = s.list;
    else if (at.startsWith('/api/setting/')) v = o.setting;
    else if (at.startsWith('/api/savedfilter/')) v = o.savedFilter;
    else if (at.startsWith('/api/pushdevice/')) v = s.pushDevice ?? 999_999;
    else if (at.startsWith('/api/usergroup/')) v = s.group ?? 999_999;
    else if (at.startsWith('/api/conversation/')) v = s.conversation ?? 999_999;
    else if (at.startsWith('/api/message/')) v = s.message ?? 999_999;
    else if (at.startsWith('/api/meeting/')) v = o.meeting ?? 999_999;
    else if (at.startsWith('/api/userrelationcategory/')) v = 1;
    // relations aim at a user outside the matrix: a block there changes nothing a snapshot reads
    else if (at.startsWith('/api/userrelation/')) v = w.stranger.id;
    else if (at === '/api/user/profile/{id}') v = me === w.actors[0] ? w.actors[1].id : w.actors[0].id;
    else if (at.startsWith('/api/document/')) v = o.docPublic;
    else if (at.startsWith('/api/widget/')) v = s.widget!;
    // the only administrator: a lock is refused (409), so the sweep never locks itself out
    else if (at === '/api/admin/user/{id}/lock') v = w.admin.id;
    else if (at.startsWith('/api/admin/user/')) v = me.id;
    // sessions, reports and notices of nobody: the sweep's requests find nothing to end or decide
    else if (at.startsWith('/api/notice/')) v = o.notice;
    // reporting an account: another one's (oneself is refused)
    else if (at === '/api/user/objectionable/{id}') v = me === w.bystander ? w.actors[0].id : w.bystander.id;
    // reporting a widget: the bystander business's (widgets are public: embedded on websites)
    else if (at === '/api/widget/objectionable/{id}') v = w.bystander.objects.widgetV2!.id;
    else if (at.startsWith('/api/admin/session/') || at.startsWith('/api/admin/report/')) v = 999_999;
    else if (at.startsWith('/api/securityrole/')) v = w.admin.objects.securityRole;
    else if (at.startsWith('/api/usersecurityrole/')) v = w.admin.objects.userSecurityRole;
    else {
      const ref = Object.entries(w.admin.objects.reference).find(([path]) => at.startsWith(path));
      if (!ref) throw new Error(`${op.id}: no own object for {${p.name}}`);
      v = ref[1];
    }
    params[p.name] = v;
  }
  return params;
}

/** A route's valid request; `params` only where the own object must be made for it (ownParams' otherwise). */
export type Maker = (ctx: Ctx) => Partial<ValidRequest> | Promise<Partial<ValidRequest>>;
const png = (ctx: Ctx) => ({ name: 'file', value: ctx.w.png, filename: 'photo.png', contentType: 'image/png' });

/** Admin resource bodies by collection path; each call a new key (a key is unique per resource). */
let serial = 0;
// user-assigned ISO codes (xa…xj), none of them seeded
const letters = (n: number) => `x${String.fromCharCode(97 + (n % 10))}`;
const REFERENCE_BODIES: Record<string, () => unknown> = {
  '/api/country/': () => ({ id: 910 + (serial % 80), key: letters(serial), countrykey: letters(serial).toUpperCase(), name: 'Sweepistan' }),
  '/api/timezone/': () => ({ key: ['US/Eastern', 'US/Central', 'US/Mountain', 'US/Alaska', 'US/Hawaii'][serial % 5], name: 'Sweep zone' }),
  '/api/securityrole/': () => ({ key: `sweeper${serial}`, name: 'Sweeper', permissions: ['jobs.view'] }),
  '/api/messagecategory/': () => ({ key: `sweep_${serial}`, name: 'Sweep category' }),
};

const TABLE: Record<string, Maker> = {
  ...EXTERNAL_REQUESTS,
  'POST /api/signup': () => ({
    body: {
      email: `sweep-${Math.random().toString(36).slice(2)}@test.spotlist`,
      password: PASSWORD,
      accountType: { id: 1 },
      termsaccepted: true,
    },
    as: 'anonymous',
  }),
  'POST /api/login': ({ me }) => ({ body: { email: me.email, password: PASSWORD }, as: 'anonymous' }),
  'POST /api/logout': () => ({ body: { deviceId: 'sweep-device' }, as: 'anonymous' }),
  'POST /api/password/reset': ({ me }) => ({ body: { email: me.email }, as: 'anonymous' }),
  'POST /api/password/update': () => ({ body: { oldPassword: PASSWORD, newPassword: PASSWORD } }),
  'POST /api/password/update/token': () => ({ body: { token: 'x'.repeat(43), newPassword: PASSWORD }, as: 'anonymous' }),
  'GET /api/email/verify': () => ({ query: { token: 'x'.repeat(43) }, as: 'anonymous' }),
  'POST /api/myprofile/update': ({ me }) => ({
    body: {
      email: me.email,
      nickname: { value: `${me.label} nick` },
      accountType: { id: 2 },
      industry2: { id: 2 },
      street: 'Marienplatz',
      streetnumber: '1',
      zip: '80331',
      city: 'München',
      country: { id: 276, key: 'de', name: 'Germany', countrykey: 'DE' },
    },
  }),
  'DELETE /api/myprofile/delete': () => ({ body: { password: PASSWORD } }),
  'POST /api/myprofile/language': () => ({ body: { language: { id: 2 } } }),
  'POST /api/setting/add': () => ({ body: { key: `sweep.${Math.random().toString(36).slice(2)}`, value: { a: 1 } } }),
  'POST /api/setting/update/{id}': () => ({ body: { key: 'theme', value: { mode: 'light' } } }),
  // push: a new install of mine each time (an Android phone: no push service is called)
  'POST /api/pushdevice/': () => ({ body: pushInstall() }),
  'POST /api/pushdevice/add': () => ({ body: pushInstall() }),
  'POST /api/pushdevice/test': ({ me }) => ({ body: { id: me.scratch.pushDevice } }),
  // overlays: the scratch overlay in the business's language
  'GET /api/overlays': () => ({}),
  'GET /api/overlay/active': () => ({}),
  'POST /api/overlay': ({ me }) => ({
    body: { ...overlaySettings('Sweep overlay'), language: me.objects.overlayLang, content: overlayContent('Sweep') },
  }),
  'GET /api/overlay': ({ me }) => ({ query: { id: String(me.scratch.overlay), lang: me.objects.overlayLang! } }),
  'POST /api/overlay/savedraft': ({ me }) => ({
    query: { id: String(me.scratch.overlay), lang: me.objects.overlayLang! },
    body: overlayContent('Sweep draft'),
  }),
  'POST /api/overlay/publish': ({ me }) => ({
    query: { id: String(me.scratch.overlay), lang: me.objects.overlayLang! },
    body: overlayContent('Sweep published'),
  }),
  // its one language: the scratch overlay goes (removals run last)
  'POST /api/overlay/delete': ({ me }) => ({ query: { id: String(me.scratch.overlay), lang: me.objects.overlayLang! } }),
  'POST /api/overlay/update/all': ({ me }) => ({ body: { ...overlaySettings('Sweep overlay'), id: me.scratch.overlay } }),
  'GET /api/overlay/allenabledlanguages': ({ me }) => ({ query: { clientId: String(me.user.client.id) } }),
  'GET /api/overlay/language': ({ me }) => ({ query: { lang: me.objects.overlayLang!, isDraft: 'true' } }),
  'GET /api/public/overlay/{publicId}': () => ({ query: { where: 'guest', lang: 'en' }, as: 'anonymous' }),
  'POST /api/public/overlay/{publicId}/event': ({ me }) => ({
    body: { overlayId: me.objects.overlay, language: me.objects.overlayLang, event: 'view' },
    as: 'anonymous',
  }),
  'POST /api/openai/completion': () => ({ body: { messages: [{ role: 'user', content: 'Write a sweep line' }] } }),
  // a new run of the world's translated widget (world-overlays.ts); the actions act on the world's run, a language each
  'GET /api/webfleetvehicle/tracking/get-gps-settings': () => ({ query: { appClientIds: 'guestapp' } }),
  'GET /api/webfleetvehicle/tracking/all-list': () => ({ query: { appClientIds: 'guestapp' } }),
  'POST /api/webfleetvehicle/tracking/update-gps-settings': ({ me }) => ({ body: fleetSettings(me.objects.widgetV2?.id) }),
  'POST /api/webfleetvehicle/tracking/test-connection': ({ me }) => ({ body: fleetSettings(me.objects.widgetV2?.id) }),
  'POST /api/webfleetvehicle/tracking/show-hide-vehicles': ({ me }) => ({
    query: { appClientIds: 'guestapp' },
    body: { vehicles: [{ id: me.objects.fleetVehicle ?? 999_999, shown: false }] },
  }),
  'GET /api/public/fleet/guest-app/{publicId}': () => ({ as: 'anonymous' }),
  'GET /api/public/fleet/widget/{publicId}': () => ({ as: 'anonymous' }),
  'POST /api/public/fleet/guest-app/{publicId}/share': () => ({ body: { hours: 1 }, as: 'anonymous' }),
  'POST /api/public/fleet/widget/{publicId}/share': () => ({ body: { hours: 1 }, as: 'anonymous' }),
  'GET /api/public/fleet/shared/{token}': () => ({ as: 'anonymous' }),
  'POST /api/openai/translations': ({ me }) => ({ body: { kind: 'widget', id: me.objects.translationWidget, from: 'en' } }),
  'POST /api/openai/translations/{id}/retry': () => ({ query: { language: TRANSLATION_ACTION_LANGUAGE.retry } }),
  'POST /api/openai/translations/{id}/publish': () => ({ query: { language: TRANSLATION_ACTION_LANGUAGE.publish } }),
  'POST /api/openai/translations/{id}/discard': () => ({ query: { language: TRANSLATION_ACTION_LANGUAGE.discard } }),
  'GET /api/overlay/analytics': ({ me }) => ({ query: { id: String(me.objects.overlay), from: today(), to: today() } }),
  'POST /api/pushsettings/update': () => ({
    body: { ...DEFAULT_PUSH_SETTINGS, hideMessageText: true, quietHours: { start: '22:00', end: '07:00', mode: 'hold' } },
  }),
  'POST /api/savedfilter/add': () => ({
    body: { view: 'console.users', name: `sweep ${Math.random().toString(36).slice(2)}`, query: { state: 'locked' } },
  }),
  'POST /api/savedfilter/update/{id}': ({ me }) => ({
    body: { view: 'console.audit', name: `${me.label} refusals`, query: { outcome: 'done' } },
  }),
  'POST /api/setting/save': () => ({ body: { key: 'sweep.saved', value: [1, 'two', { three: 3 }] } }),
  'POST /api/language/add': ({ w }) => ({ body: { id: w.language.id } }),
  'POST /api/language/remove': ({ w }) => ({ body: { id: w.language.id } }),
  'POST /api/language/assignDefault': ({ w }) => ({ body: { id: w.language.id } }),
  'POST /api/place/add': () => ({ body: { name: 'Sweep place', latitude: 48.14, longitude: 11.58, visibility: { id: 1 } } }),
  'POST /api/place/update/{id}': () => ({ body: { name: 'Sweep place renamed', description: 'changed' } }),
  'POST /api/place/objectionable/{id}': () => ({ body: { reason: 'sweep' } }),
  'POST /api/user/objectionable/{id}': () => ({ body: { reason: 'sweep' } }),
  'POST /api/widget/objectionable/{id}': () => ({ body: { reason: 'sweep' } }),
  'POST /api/like/create': ({ me }) => ({ body: { placeId: me.scratch.place, name: 'sweep likes' } }),
  'POST /api/like/remove': ({ me }) => ({ body: { placeId: me.scratch.place, name: 'sweep likes' } }),
  'POST /api/list/add': () => ({ body: { name: 'Sweep list', description: 'a list', visibility: { id: 1 } } }),
  'POST /api/list/update/{id}': () => ({ body: { name: 'Sweep list renamed', description: 'changed' } }),
  'POST /api/list/objectionable/{id}': () => ({ body: { reason: 'sweep' } }),
  'POST /api/list/{id}/items/add': ({ me }) => ({ body: { placeId: me.objects.placePublic, note: 'added' } }),
  'POST /api/list/{id}/items/update/{itemId}': () => ({ body: { note: 'changed note' } }),
  // every item of the list, as it is now
  'POST /api/list/{id}/items/reorder': async ({ w, me }) => {
    const res = await send(w.t.app, 'setup', {
      method: 'GET',
      url: `/api/list/${me.scratch.list}?sweep=${Math.random()}`,
      token: me.token,
    });
    const items =
      res.status === 200 ? (res.json() as { items: { list: { id: number }[] } }).items.list.map((i) => i.id) : [me.scratch.item];
    return { body: { itemIds: items.reverse() } };
  },
  'POST /api/share': ({ me, w }) => ({ body: { listId: me.scratch.list, userIds: [w.bystander.id] } }),
  'POST /api/share/revoke': ({ me }) => ({ body: { id: me.objects.shareUser } }),
  'POST /api/widget/add': () => ({ body: { name: 'Sweep widget', languages: ['en'] } }),
  'POST /api/widget/update/{id}': () => ({ body: { name: 'Sweep widget renamed', texts: { en: { title: 'Hello' } } } }),
  'POST /api/widget/setting': () => ({ body: { value: { zoom: 12 } } }),
  'POST /api/widget/setting/{name}': () => ({ body: { value: { columns: 3 } } }),
  'POST /api/widgetpoi/add': ({ me }) => ({ body: { widgetId: me.scratch.widget, placeId: me.objects.placePublic } }),
  'POST /api/widgetpoi/remove': ({ me }) => ({ body: { id: me.scratch.poi } }),
  'POST /api/widgetpoi/reorder': async ({ w, me }) => {
    const res = await send(w.t.app, 'setup', {
      method: 'GET',
      url: `/api/widget/${me.scratch.widget}?sweep=${Math.random()}`,
      token: me.token,
    });
    const pois = res.status === 200 ? (res.json() as { pois: { id: number }[] }).pois.map((p) => p.id) : [me.scratch.poi];
    return { body: { widgetId: me.scratch.widget, poiIds: pois.reverse() } };
  },
  'POST /api/widgetpoi/texts': ({ me }) => ({ body: { id: me.scratch.poi, texts: { en: { name: 'POI name' } } } }),
  'POST /api/public/widget/{publicId}/event': () => ({ body: { event: 'view' }, as: 'anonymous' }),
  'POST /api/public/guest': ({ me }) => ({ body: { widget: me.objects.widgetV2!.publicId }, as: 'anonymous' }),
  'POST /api/public/guest/like': ({ me }) => ({
    body: { placeId: me.objects.placePublic },
    headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey },
    as: 'anonymous',
  }),
  'DELETE /api/public/guest/like/{placeId}': ({ me }) => ({ headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey }, as: 'anonymous' }),
  'GET /api/public/guest/likes': ({ me }) => ({ headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey }, as: 'anonymous' }),
  'POST /api/guest/claim': ({ me }) => ({ body: { guestKey: me.objects.claimedGuestKey } }),
  'POST /api/guestapp': ({ me }) => ({
    body: { units: ['Room 1', 'Room 2'], contact: { phone: '+49 89 1' }, enabled: true, widgetIds: [me.objects.widgetV2!.id] },
  }),
  'GET /api/guestapp/qr': () => ({ query: { unit: 'Room 1', format: 'svg' } }),
  'GET /api/widget/analytics': ({ me }) => ({ query: { widgetId: String(me.scratch.widget), from: today(), to: today() } }),
  'GET /api/city/search': () => ({ query: { q: 'Mün', country: 'DE' } }),
  'GET /api/list/{id}/export': () => ({ query: { format: 'geojson' } }),
  'GET /api/public/widget/{publicId}': () => ({ query: { lang: 'de' }, as: 'anonymous' }),
  'GET /api/public/guest-app/{publicId}': () => ({ query: { lang: 'en' }, as: 'anonymous' }),
  'POST /api/document/update/{id}': () => ({ body: { fileName: 'renamed.png', data: { name: 'Renamed' }, extraData: { note: 'x' } } }),
  'POST /api/document/upload': (ctx) => ({ form: [{ name: 'data', value: JSON.stringify({ name: 'Sweep upload' }) }, png(ctx)] }),
  'POST /api/document/add': (ctx) => ({ form: [{ name: 'data', value: JSON.stringify({ name: 'Sweep add' }) }, png(ctx)] }),
  'POST /api/myprofile/image/update': (ctx) => ({ form: [{ name: 'data', value: JSON.stringify({ id: ctx.me.id }) }, png(ctx)] }),
  'POST /api/myprofile/logo/update': (ctx) => ({ form: [{ name: 'data', value: JSON.stringify({ id: ctx.me.id }) }, png(ctx)] }),
  'POST /api/widgetpoi/image/update': (ctx) => ({ form: [{ name: 'data', value: JSON.stringify({ id: ctx.me.scratch.poi }) }, png(ctx)] }),
  'POST /api/place/{id}/picture': (ctx) => ({ form: [{ name: 'data', value: JSON.stringify({ name: 'Sweep picture' }) }, png(ctx)] }),
  'POST /api/list/import': () => ({
    form: [
      { name: 'name', value: 'Sweep import' },
      {
        name: 'file',
        value: JSON.stringify({
          type: 'FeatureCollection',
          features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [11.57, 48.13] }, properties: { name: 'Imported' } }],
        }),
        filename: 'places.geojson',
        contentType: 'application/geo+json',
      },
    ],
  }),
  // a flag the sweep's businesses have already: the world stays as it was for the routes after it
  'POST /api/admin/user/{id}/flags': () => ({ body: { overlayactivated: true } }),
  'POST /api/admin/user/{id}/roles': () => ({ body: { roleIds: [] } }),
  'POST /api/admin/user/{id}/lock': () => ({ body: { reason: 'sweep' } }),
  'POST /api/admin/report/{id}/decide': () => ({ body: { action: 'dismiss' } }),
  'POST /api/admin/report/{id}/appeal': () => ({ body: { outcome: 'upheld', note: 'Sweep' } }),
  // an appeal is once per decision: each request appeals a notice of its own
  'POST /api/notice/{id}/appeal': async ({ w, me }) =>
    ({
      params: { id: await freshNotice(w.t, me, me === w.bystander ? w.actors[0] : w.bystander) },
      body: { text: 'Sweep appeal' },
    }) as Omit<ValidRequest, 'params'>,
  'POST /api/translation/{lang}': () => ({ body: { key: 'SWEEP.OTHER', value: 'Sweep' } }),
  // relations: a follow of the stranger to delete first
  'DELETE /api/userrelation/deleteByRelatedUserIdForLoggedInUser': async ({ w, me }) => {
    await follow(w, me);
    return { body: { relatedUserId: w.stranger.id } };
  },
  'DELETE /api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser': async ({ w, me }) => {
    await follow(w, me);
    return { body: { relatedUserId: w.stranger.id, relationcategoryId: null, relationtypeId: RelationType.follow } };
  },
  'POST /api/userrelation/settings': () => ({ body: { discoverable: true } }),
  'POST /api/usergroup/add': () => ({ body: { name: `Sweep ${Math.random().toString(36).slice(2)}` } }),
  'POST /api/usergroup/update/{id}': ({ me }) => ({ body: { name: `${me.label} scratch group` } }),
  'POST /api/usergroup/{id}/member': ({ w, me }) => ({ body: { userId: me.friend || w.actors[0].id } }),
  // the member to take out is put in first
  'DELETE /api/usergroup/{id}/member/{userId}': async ({ w, me }) => {
    if (me.scratch.group && me.friend)
      await send(w.t.app, 'setup', {
        method: 'POST',
        url: `/api/usergroup/${me.scratch.group}/member`,
        token: me.token,
        ip: me.ip,
        body: { userId: me.friend },
      });
    return {};
  },
  // messaging: my group conversation with my friend (world-messaging.ts)
  'POST /api/conversation/add': ({ w, me }) => ({ body: { memberIds: [me.friend || w.actors[0].id] } }),
  'POST /api/conversation/update/{id}': () => ({ body: { status: 'open' } }),
  'POST /api/conversation/{id}/members': ({ w, me }) => ({ body: { memberIds: [me.friend || w.actors[0].id] } }),
  // the member to take out is put in first
  'DELETE /api/conversation/{id}/members/{userId}': async ({ w, me }) => {
    if (me.scratch.conversation && me.friend)
      await send(w.t.app, 'setup', {
        method: 'POST',
        url: `/api/conversation/${me.scratch.conversation}/members`,
        token: me.token,
        ip: me.ip,
        body: { memberIds: [me.friend] },
      });
    return {};
  },
  // each leave leaves a group of its own
  'POST /api/conversation/{id}/leave': async ({ w, me }) =>
    ({ params: { id: await freshConversation(w, me) } }) as Omit<ValidRequest, 'params'>,
  'POST /api/conversation/{id}/messages': () => ({ body: { text: 'Sweep message' } }),
  'POST /api/conversation/{id}/read': () => ({ body: { seq: 1 } }),
  // a guest of its own per block (blocking the scratch guest would refuse its later requests)
  'POST /api/conversation/{id}/guest/block': async ({ w, me }) =>
    ({ params: { id: await freshGuestConversation(w, me) } }) as Omit<ValidRequest, 'params'>,
  'POST /api/conversation/{id}/guest/unblock': ({ me }) =>
    ({ params: { id: me.scratch.guestConversation ?? 999_999 } }) as Omit<ValidRequest, 'params'>,
  'POST /api/conversation/{id}/meeting': () => ({ body: { title: 'Sweep call', startsAt: '2030-01-01T10:00:00Z' } }),
  'POST /api/message/update/{id}': ({ me }) => ({ body: { text: `${me.label} scratch message` } }),
  // each delete deletes a message of its own
  'DELETE /api/message/delete/{id}': async ({ w, me }) => ({ params: { id: await freshMessage(w, me) } }) as Omit<ValidRequest, 'params'>,
  // a report is of someone else's message: the one of the actor whose conversation I am in
  'POST /api/message/objectionable/{id}': ({ w, me }) =>
    ({
      params: { id: w.actors.find((x) => x.friend === me.id)?.objects.message ?? 999_999 },
      body: { reason: 'spam' },
    }) as Omit<ValidRequest, 'params'>,
  // a guest at my guest app (businesses; others have none: 404)
  'GET /api/public/guest/conversation': ({ me }) => ({
    query: { app: me.objects.guestApp ?? 'noguestapp' },
    headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey },
    as: 'anonymous',
  }),
  'GET /api/public/guest/conversation/messages': ({ me }) => ({
    query: { app: me.objects.guestApp ?? 'noguestapp' },
    headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey },
    as: 'anonymous',
  }),
  'POST /api/public/guest/conversation/messages': ({ me }) => ({
    body: { app: me.objects.guestApp ?? 'noguestapp', text: 'Sweep guest message' },
    headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey },
    as: 'anonymous',
  }),
  'POST /api/public/guest/conversation/read': ({ me }) => ({
    body: { app: me.objects.guestApp ?? 'noguestapp', seq: 1 },
    headers: { [GUEST_KEY_HEADER]: me.scratch.guestKey },
    as: 'anonymous',
  }),
};

/** A new group conversation of `me` with its friend (999999 for the bystander, who has none). */
async function freshConversation(w: World, me: Actor): Promise<number> {
  if (!me.friend) return 999_999;
  const res = await send(w.t.app, 'setup', {
    method: 'POST',
    url: '/api/conversation/add',
    token: me.token,
    ip: me.ip,
    body: { memberIds: [me.friend], title: 'Sweep group' },
  });
  return res.status === 200 ? (res.json() as { id: number }).id : 999_999;
}

/** A new guest writing to `me`'s guest app (businesses; 999999 for the others): its conversation. */
async function freshGuestConversation(w: World, me: Actor): Promise<number> {
  if (!me.objects.guestApp) return 999_999;
  const made = await send(w.t.app, 'setup', { method: 'POST', url: '/api/public/guest', body: {}, ip: me.ip });
  const key = (made.json() as { guestKey: string }).guestKey;
  const res = await send(w.t.app, 'setup', {
    method: 'POST',
    url: '/api/public/guest/conversation/messages',
    headers: { [GUEST_KEY_HEADER]: key },
    ip: me.ip,
    body: { app: me.objects.guestApp, text: 'A guest to block' },
  });
  return res.status === 200 ? (res.json() as { conversationId: number }).conversationId : 999_999;
}

/** A new message of `me` in its scratch conversation. */
async function freshMessage(w: World, me: Actor): Promise<number> {
  if (!me.scratch.conversation) return 999_999;
  const res = await send(w.t.app, 'setup', {
    method: 'POST',
    url: `/api/conversation/${me.scratch.conversation}/messages`,
    token: me.token,
    ip: me.ip,
    body: { text: 'Sweep message to delete' },
  });
  return res.status === 200 ? (res.json() as { id: number }).id : 999_999;
}

/** `me` follows the stranger, and nothing else (a block of an earlier request would refuse the follow). */
async function follow(w: World, me: Actor): Promise<void> {
  const as = { token: me.token, ip: me.ip };
  await send(w.t.app, 'setup', {
    method: 'DELETE',
    url: '/api/userrelation/deleteByRelatedUserIdForLoggedInUser',
    body: { relatedUserId: w.stranger.id },
    ...as,
  });
  await send(w.t.app, 'setup', { method: 'POST', url: `/api/userrelation/follow/${w.stranger.id}`, ...as });
}

/** Admin resource bodies (reference lists, roles), by collection path. */
function adminBody(op: Operation, ctx: Ctx): unknown {
  // users the mass assignment never checks (the bystander's permissions must not move)
  if (op.path.startsWith('/api/usersecurityrole/'))
    return { userId: ctx.w.actors[1 + (serial++ % 4)].id, securityRoleId: ctx.w.admin.objects.securityRole };
  serial++;
  const at = Object.keys(REFERENCE_BODIES).find((p) => op.path.startsWith(p));
  return at ? REFERENCE_BODIES[at]() : { key: `sweep.other${serial}`, name: 'Sweep other' };
}

/** Whether the table knows the operation (or it needs nothing but its path). */
export const hasValidRequest = (op: Operation): boolean => !!TABLE[op.id] || op.access === 'admin' || (!op.body && !op.multipart);

/** The valid request of an operation, or undefined when the table has none (the coverage test names it). */
export async function validRequest(op: Operation, ctx: Ctx): Promise<ValidRequest | undefined> {
  const params = ownParams(op, ctx);
  const make = TABLE[op.id];
  if (make) return { params, ...(op.access === 'admin' ? { as: 'admin' as const } : {}), ...(await make(ctx)) };
  if (op.access === 'admin') {
    const body = op.body ? (adminBody(op, ctx) as Record<string, unknown>) : undefined;
    // a country's id is its ISO number: an update keeps the row's
    if (body && 'id' in body && params.id !== undefined) body.id = params.id;
    return { params, as: 'admin', body };
  }
  // the rest takes no body: path parameters (and an optional list query) are all
  if (!op.body && !op.multipart) return { params, ...(op.access === 'public' ? { as: 'anonymous' as const } : {}) };
  return undefined;
}

/** The parts of a valid request as `send` takes them. */
export function requestOf(v: ValidRequest, url: string, ctx: Ctx, method: string) {
  const token = v.as === 'admin' ? ctx.w.admin.token : v.as === 'anonymous' ? undefined : ctx.me.token;
  const form = v.form ? multipart(v.form) : undefined;
  return {
    method: method as 'GET',
    url,
    token,
    ip: ctx.me.ip,
    body: form ? undefined : v.body,
    payload: form?.payload,
    headers: { ...v.headers, ...form?.headers },
  };
}
