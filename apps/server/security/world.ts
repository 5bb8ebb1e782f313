import { AccountType, GUEST_KEY_HEADER, RESUMABLE_UPLOAD_PATH, UPLOAD_DOCUMENT_ID_HEADER, Visibility } from '@spotlist/contracts';
import { buildTestApp, loginAdmin, signup, type LoggedIn, type TestApp } from '../test/helpers.ts';
import { pngOf } from '../test/document-helpers.ts';
import { ALL_FLAGS, setFlags } from '../test/widget-helpers.ts';
import { multipart, send, type Answer, type SweepRequest } from './sweep.ts';
import { addRelations } from './world-relations.ts';
import { addConversations, startTranslator } from './world-messaging.ts';
import { startFakeOpenAi } from '../test/fakes/openai.ts';
import { addPushDevices, sweepApnsConfig, sweepFcmAccount } from './world-push.ts';
import { addExternalAccounts } from './world-external.ts';
import { startProviders, type Providers } from '../test/external-helpers.ts';
import { addOverlays } from './world-overlays.ts';
import { addFleets } from './world-fleet.ts';

/**
 * The world the sweep attacks: two users of each account type (business ones with every widget
 * and guest flag), each owning objects of every kind the API has, plus an admin's reference rows,
 * roles and translations. `scratch` objects are each user's own to aim attacks from (its list to
 * add another's place to, …); they are not part of what must stay unchanged.
 */
export type Kind = 'private' | 'blogger' | 'business';
export const KINDS: Kind[] = ['private', 'blogger', 'business'];

/** The same names for everyone: a name is per user, so another's must never reach mine. */
export const LIKE_NAME = 'faves';
export const SETTING_KEY = 'theme';
export const WIDGET_SETTING = 'layout';

export interface Widget {
  id: number;
  publicId: string;
}

export interface Objects {
  placePrivate: number;
  placePublic: number;
  /** A private list holding placePrivate, shared with `sharedWith`; a public list holding placePublic. */
  listPrivate: number;
  listPublic: number;
  itemPrivate: number;
  itemPublic: number;
  /** The like list `faves` (holding placePrivate). */
  likeList: number;
  /** Shares of listPrivate: to the next user, and a public link. */
  shareUser: number;
  sharePublic: number;
  shareToken: string;
  setting: number;
  /** A saved filter of the console's audit view. */
  savedFilter: number;
  docPrivate: number;
  docPublic: number;
  /** The picture of placePrivate (private with its place). */
  placePicture: number;
  profilePicture: number;
  /** A finished resumable upload and its document; an unfinished one. */
  uploadDone: string;
  uploadDoc: number;
  uploadOpen: string;
  /** A guest who liked placePublic… of nobody's business; and a key this user claimed. */
  guestKey: string;
  claimedGuestKey: string;
  /** Business accounts only. */
  widgetV1?: Widget;
  widgetV2?: Widget;
  poi?: number;
  poiPicture?: number;
  guestApp?: string;
  /** A logo (business). */
  logo?: number;
  /** A moderators' notice (a warning about placePublic), not yet appealed. */
  notice: number;
  /** A group of friends holding the next actor (world-relations.ts); 0 for the bystander. */
  group: number;
  /**
   * A direct conversation with the next actor (its friend), this actor's message there (the
   * first, seq 1) and a meeting (world-messaging.ts); absent for the bystander.
   */
  conversation?: number;
  message?: number;
  meeting?: number;
  /** A push device (an Android phone, world-push.ts). */
  pushDevice?: number;
  /** A business's overlay with one published language, and its site's public id (world-overlays.ts). */
  overlay?: number;
  overlayLang?: string;
  overlaySite?: string;
  /** A business's "Translate to all languages" run of its scratch overlay (world-overlays.ts). */
  translationRun?: number;
  /** One of a business's simulated vehicles (world-fleet.ts). */
  fleetVehicle?: number;
  /** A shared "where is my shuttle?" link's token of its guest app (world-fleet.ts). */
  fleetShare?: string;
  /** A connected Instagram business account (world-external.ts). */
  externalAccount?: number;
  /** The widget that run translates (English into TRANSLATED). */
  translationWidget?: number;
}

export interface Scratch {
  place: number;
  list: number;
  /** The item of `place` in `list`. */
  item: number;
  widget?: number;
  poi?: number;
  guestKey: string;
  /** A group of this actor's own requests (world-relations.ts). */
  group?: number;
  /** A group conversation with its friend, and its message there, for its own requests (world-messaging.ts). */
  conversation?: number;
  message?: number;
  /** A business's conversation with a guest (its scratch guest key) at its guest app. */
  guestConversation?: number;
  /** A push device of its own requests (world-push.ts). */
  pushDevice?: number;
  /** A business's overlay for its own requests (world-overlays.ts). */
  overlay?: number;
}

export interface Actor extends LoggedIn {
  label: string;
  kind: Kind;
  id: number;
  /** The address this actor's requests come from (rate limits are per address). */
  ip: string;
  objects: Objects;
  scratch: Scratch;
  /** Users this actor's private list is shared with. */
  sharedWith: number[];
  /** A friend (the next actor, world-relations.ts); 0 for the bystander. */
  friend: number;
}

export interface AdminObjects {
  /** A row of each reference resource, by its collection path ('/api/country/'). */
  reference: Record<string, number>;
  securityRole: number;
  userSecurityRole: number;
  translation: { lang: string; key: string };
}

export interface World {
  t: TestApp;
  actors: Actor[];
  admin: { token: string; id: number; objects: AdminObjects };
  /** A user that never acts: the owner ids the mass assignment tries to write. */
  bystander: Actor;
  /** A user outside the matrix the relation requests aim at (world-relations.ts). */
  stranger: { id: number };
  png: Buffer;
  language: { id: number };
  /** Every external account provider as a local fake (world-external.ts). */
  providers: Providers;
}

export const REFERENCE_PATHS = [
  '/api/country/',
  '/api/salutation/',
  '/api/academictitle/',
  '/api/contact/',
  '/api/documenttemplatecategory/',
  '/api/timezone/',
  '/api/messagecategory/',
];

export class SetupError extends Error {}

/** Runs a request of the setup; anything but a 2xx is a broken world. */
/** How a world-*.ts file lists its attacks for the BOLA matrix (bola.test.ts `as`). */
export type As = (
  op: string,
  rule: 'never' | 'read' | 'own',
  req: Omit<SweepRequest, 'token' | 'ip'> & { token?: string },
  readable?: boolean | 'maybe',
) => void;

export async function must(t: TestApp, r: SweepRequest, expect = 200): Promise<Answer> {
  const res = await send(t.app, 'setup', r);
  if (res.status !== expect) throw new SetupError(`setup ${r.method} ${r.url}: ${res.status} ${res.body.slice(0, 300)}`);
  return res;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

export async function buildWorld(opts: { config?: Record<string, string> } = {}): Promise<World> {
  // a local LibreTranslate: the translate route answers (an unconfigured one is 503 by design)
  const translator = await startTranslator();
  // every provider of external accounts as a local fake: their routes answer (unconfigured ones are 503 by design)
  const providers = await startProviders('https://spotlist.example');
  // a local OpenAI-compatible server: the assistant's completion answers (an unconfigured one is 503 by design)
  const ai = await startFakeOpenAi();
  const t = await buildTestApp({
    config: {
      PUBLIC_URL: 'https://spotlist.example',
      TRANSLATION_URL: translator.url,
      AI_BASE_URL: ai.url,
      AI_QUOTA_USER_REQUESTS: '100000',
      AI_QUOTA_CLIENT_REQUESTS: '100000',
      // the fleet poller polls only when the world asks (world-fleet.ts): nothing moves during the sweep
      FLEET_TICK_SECONDS: '0',
      FCM_SERVICE_ACCOUNT: sweepFcmAccount(),
      ...sweepApnsConfig(),
      ...providers.config,
      ...opts.config,
    },
  });
  const closeApp = t.close;
  t.close = async () => {
    await closeApp();
    await translator.close();
    await ai.close();
    await providers.close();
  };
  const png = await pngOf(32, 24);
  const adminToken = await loginAdmin(t.app);
  const languages = (await must(t, { method: 'GET', url: '/api/language/list' })).json() as { list: { id: number }[] };
  const language = languages.list[languages.list.length - 1];

  const users: { kind: Kind; user: LoggedIn }[] = [];
  for (const kind of KINDS) {
    for (let i = 0; i < 2; i++) {
      const user = await signup(t.app, AccountType[kind]);
      if (kind === 'business') await setFlags(t.app, user.user.id, ALL_FLAGS);
      users.push({ kind, user });
    }
  }
  const actors: Actor[] = [];
  for (const [i, { kind, user }] of users.entries()) {
    const next = users[(i + 1) % users.length].user.user.id;
    actors.push(
      await populate(t, { ...user, kind, label: `${kind}${(i % 2) + 1}`, id: user.user.id, ip: `10.0.1.${i + 1}` }, next, png, language.id),
    );
  }
  const bystanderUser = await signup(t.app, AccountType.business);
  await setFlags(t.app, bystanderUser.user.id, ALL_FLAGS);
  const bystander = await populate(
    t,
    { ...bystanderUser, kind: 'business', label: 'bystander', id: bystanderUser.user.id, ip: '10.0.1.99' },
    actors[0].id,
    png,
    language.id,
  );
  const adminId = ((await must(t, { method: 'GET', url: '/api/session/user', token: adminToken })).json() as { id: number }).id;
  for (const a of [...actors, bystander]) a.objects.notice = await freshNotice(t, a, a === bystander ? actors[0] : bystander);
  const stranger = await addRelations(t, actors);
  await addConversations(t, actors);
  await addPushDevices(t, [...actors, bystander]);
  await addOverlays(t, [...actors, bystander]);
  await addFleets(t, [...actors, bystander]);
  await addExternalAccounts(t, providers, [...actors, bystander]);
  return {
    providers,
    stranger,
    t,
    actors,
    admin: { token: adminToken, id: adminId, objects: await adminObjects(t, adminToken, actors[0].id) },
    bystander,
    png,
    language,
  };
}

/**
 * A new appealable notice of `owner`: `reporter` reports its public place, the administrator warns
 * the owner; answers the notice's id.
 */
export async function freshNotice(t: TestApp, owner: Actor, reporter: Actor): Promise<number> {
  // a login of its own: a sweep may have ended the administrator's session (DELETE /api/admin/session/{id})
  const adminToken = await loginAdmin(t.app);
  const place = owner.objects.placePublic;
  await must(t, { method: 'POST', url: `/api/place/objectionable/${place}`, token: reporter.token, body: { reason: 'sweep' } });
  const queue = (
    await must(t, { method: 'GET', url: '/api/admin/report/list?f.resource=place&f.status=open&p.s=100', token: adminToken })
  ).json() as {
    list: { id: number; resourceId: number }[];
  };
  const report = queue.list.find((r) => r.resourceId === place);
  if (!report) throw new SetupError(`no open report about place ${place}`);
  await must(t, {
    method: 'POST',
    url: `/api/admin/report/${report.id}/decide`,
    token: adminToken,
    body: { action: 'warn', reason: 'sweep' },
  });
  const notices = (await must(t, { method: 'GET', url: '/api/notice/list', token: owner.token })).json() as {
    list: { id: number; appealable: boolean }[];
  };
  const notice = notices.list.find((n) => n.appealable);
  if (!notice) throw new SetupError(`no appealable notice of ${owner.label}`);
  return notice.id;
}

async function adminObjects(t: TestApp, token: string, someUser: number): Promise<AdminObjects> {
  const reference: Record<string, number> = {};
  for (const p of REFERENCE_PATHS) {
    const body =
      p === '/api/country/'
        ? { id: 900, key: 'xs', countrykey: 'XS', name: 'Sweepland' }
        : p === '/api/timezone/'
          ? { key: 'US/Pacific', name: 'Sweep time' }
          : { key: 'sweep', name: 'Sweep' };
    reference[p] = ((await must(t, { method: 'POST', url: `${p}add`, token, body })).json() as { id: number }).id;
  }
  // a role that grants nothing: its holder is an attacker of the BOLA matrix, who must stay a plain user
  const role = (
    await must(t, {
      method: 'POST',
      url: '/api/securityrole/add',
      token,
      body: { key: 'sweep', name: 'Sweep', permissions: [] },
    })
  ).json() as { id: number };
  const link = (
    await must(t, { method: 'POST', url: '/api/usersecurityrole/add', token, body: { userId: someUser, securityRoleId: role.id } })
  ).json() as { id: number };
  await must(t, { method: 'POST', url: '/api/translation/de', token, body: { key: 'SWEEP.TITLE', value: 'Sweep' } });
  return { reference, securityRole: role.id, userSecurityRole: link.id, translation: { lang: 'de', key: 'SWEEP.TITLE' } };
}

type Partial2 = Omit<Actor, 'objects' | 'scratch' | 'sharedWith' | 'friend'>;

async function populate(t: TestApp, a: Partial2, shareWith: number, png: Buffer, languageId: number): Promise<Actor> {
  const token = a.token;
  const ip = a.ip;
  const call = (r: SweepRequest, expect?: number) => must(t, { token, ip, ...r }, expect);
  const json = async <T = Record<string, unknown>>(r: SweepRequest, expect?: number) => (await call(r, expect)).json() as T;
  const id = async (r: SweepRequest) => (await json<{ id: number }>(r)).id;
  const upload = (url: string, fields: Record<string, string>, name = 'photo.png') =>
    call({
      method: 'POST',
      url,
      ...multipart([
        ...Object.entries(fields).map(([k, v]) => ({ name: k, value: v })),
        { name: 'file', value: png, filename: name, contentType: 'image/png' },
      ]),
    });

  const place = (name: string, visibility: number) =>
    id({
      method: 'POST',
      url: '/api/place/add',
      body: { name: `${a.label} ${name}`, latitude: 48.13, longitude: 11.57, visibility: { id: visibility } },
    });
  const placePrivate = await place('private place', Visibility.private);
  const placePublic = await place('public place', Visibility.all);
  const list = (name: string, visibility: number) =>
    id({ method: 'POST', url: '/api/list/add', body: { name: `${a.label} ${name}`, visibility: { id: visibility } } });
  const item = async (listId: number, placeId: number) => {
    const d = await json<{ items: { list: { id: number; place: { id: number } }[] } }>({
      method: 'POST',
      url: `/api/list/${listId}/items/add`,
      body: { placeId, note: 'a note' },
    });
    return d.items.list.find((i) => i.place.id === placeId)!.id;
  };
  const listPrivate = await list('private list', Visibility.private);
  const listPublic = await list('public list', Visibility.all);
  const itemPrivate = await item(listPrivate, placePrivate);
  const itemPublic = await item(listPublic, placePublic);
  const like = await json<{ listId: number }>({
    method: 'POST',
    url: '/api/like/create',
    body: { placeId: placePrivate, name: LIKE_NAME },
  });
  await call({ method: 'POST', url: '/api/like/create', body: { placeId: placePublic } });
  const shareUser = await id({ method: 'POST', url: '/api/share', body: { listId: listPrivate, userIds: [shareWith] } });
  const pub = await json<{ id: number; token: string }>({ method: 'POST', url: '/api/share', body: { listId: listPrivate, public: true } });
  const setting = await id({ method: 'POST', url: '/api/setting/save', body: { key: SETTING_KEY, value: { mode: a.label } } });
  const savedFilter = await id({
    method: 'POST',
    url: '/api/savedfilter/add',
    body: { view: 'console.audit', name: `${a.label} refusals`, query: { outcome: 'refused' } },
  });
  await call({ method: 'POST', url: '/api/language/add', body: { id: languageId } });

  const docPrivate = (await upload('/api/document/upload', { data: JSON.stringify({ name: 'private doc', visibility: 1 }) }).then((r) =>
    r.json(),
  )) as { id: number };
  const docPublic = (await upload('/api/document/upload', { data: JSON.stringify({ name: 'public doc', visibility: 255 }) }).then((r) =>
    r.json(),
  )) as { id: number };
  const placePicture = (await upload(`/api/place/${placePrivate}/picture`, {}).then((r) => r.json())) as { id: number };
  const profile = (await upload('/api/myprofile/image/update', { data: JSON.stringify({ id: a.id }) }).then((r) => r.json())) as {
    picturedocument: { id: number };
  };

  // resumable (tus) uploads: one finished (a document), one left open
  const tus = { 'tus-resumable': '1.0.0' };
  const pdf = Buffer.from('%PDF-1.7\n% sweep\n');
  const created = await call(
    {
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: { ...tus, 'upload-length': String(pdf.length), 'upload-metadata': `filename ${b64('menu.pdf')}` },
    },
    201,
  );
  const doneLocation = String(created.headers.location);
  const finished = await call(
    {
      method: 'PATCH',
      url: doneLocation,
      headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: pdf,
    },
    204,
  );
  const open = await call(
    {
      method: 'POST',
      url: RESUMABLE_UPLOAD_PATH,
      headers: { ...tus, 'upload-length': '100000', 'upload-metadata': `filename ${b64('big.pdf')}` },
    },
    201,
  );

  const guest = async () => {
    const g = await must(t, { method: 'POST', url: '/api/public/guest', body: {}, ip });
    const key = (g.json() as { guestKey: string }).guestKey;
    await must(t, {
      method: 'POST',
      url: '/api/public/guest/like',
      body: { placeId: placePublic },
      headers: { [GUEST_KEY_HEADER]: key },
      ip,
    });
    return key;
  };
  const guestKey = await guest();
  const claimedGuestKey = await guest();
  await call({ method: 'POST', url: '/api/guest/claim', body: { guestKey: claimedGuestKey } });

  const objects: Objects = {
    placePrivate,
    placePublic,
    listPrivate,
    listPublic,
    itemPrivate,
    itemPublic,
    likeList: like.listId,
    shareUser,
    sharePublic: pub.id,
    shareToken: pub.token,
    setting,
    savedFilter,
    docPrivate: docPrivate.id,
    docPublic: docPublic.id,
    placePicture: placePicture.id,
    profilePicture: profile.picturedocument.id,
    uploadDone: doneLocation.split('/').pop()!,
    uploadDoc: Number(finished.headers[UPLOAD_DOCUMENT_ID_HEADER.toLowerCase()]),
    uploadOpen: String(open.headers.location).split('/').pop()!,
    guestKey,
    claimedGuestKey,
    // set once every actor exists (buildWorld: a report needs another user and the administrator)
    notice: 0,
    group: 0,
  };
  const scratchPlace = await place('scratch place', Visibility.all);
  const scratchList = await list('scratch list', Visibility.private);
  const scratch: Scratch = {
    place: scratchPlace,
    list: scratchList,
    item: await item(scratchList, scratchPlace),
    guestKey: (await must(t, { method: 'POST', url: '/api/public/guest', body: {}, ip }).then((r) => r.json() as { guestKey: string }))
      .guestKey,
  };

  if (a.kind === 'business') {
    const v1 = await json<Widget>({ method: 'POST', url: '/api/widget/mine' });
    const v2 = await json<Widget>({ method: 'POST', url: '/api/widget/add', body: { name: `${a.label} widget`, languages: ['de', 'en'] } });
    const detail = await json<{ pois: { id: number }[] }>({
      method: 'POST',
      url: '/api/widgetpoi/add',
      body: { widgetId: v2.id, placeId: placePublic },
    });
    const poi = detail.pois[0].id;
    const poiPicture = (await upload('/api/widgetpoi/image/update', { data: JSON.stringify({ id: poi }) }).then((r) => r.json())) as {
      id: number;
    };
    await call({ method: 'POST', url: `/api/widget/setting/${WIDGET_SETTING}`, body: { value: { columns: 2, owner: a.label } } });
    const app = await json<{ publicId: string }>({
      method: 'POST',
      url: '/api/guestapp',
      body: { widgetIds: [v2.id], listIds: [listPublic], units: ['Room 1'], enabled: true, welcome: { en: { title: 'Welcome' } } },
    });
    const logo = (await upload('/api/myprofile/logo/update', { data: JSON.stringify({ id: a.id }) }).then((r) => r.json())) as {
      logodocument: { id: number };
    };
    Object.assign(objects, {
      widgetV1: { id: v1.id, publicId: v1.publicId },
      widgetV2: { id: v2.id, publicId: v2.publicId },
      poi,
      poiPicture: poiPicture.id,
      guestApp: app.publicId,
      logo: logo.logodocument.id,
    });
    const sw = await json<Widget>({ method: 'POST', url: '/api/widget/add', body: { name: `${a.label} scratch widget` } });
    const sd = await json<{ pois: { id: number }[] }>({
      method: 'POST',
      url: '/api/widgetpoi/add',
      body: { widgetId: sw.id, placeId: scratch.place },
    });
    scratch.widget = sw.id;
    scratch.poi = sd.pois[0].id;
  }
  return { ...a, objects, scratch, sharedWith: [shareWith], friend: 0 };
}
