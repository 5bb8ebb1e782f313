import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_KEY_HEADER, RESUMABLE_UPLOAD_PATH } from '@spotlist/contracts';
import { loadOperations, urlOf, type Operation } from './openapi-routes.ts';
import { answerProblem, describeRequest, isSuccess, multipart, requestCount, send, type SweepRequest } from './sweep.ts';
import { changes, snapshot } from './snapshot.ts';
import { profileBody } from './bodies.ts';
import { validRequest } from './requests.ts';
import { buildWorld, LIKE_NAME, WIDGET_SETTING, type Actor, type World } from './world.ts';
import { messagingAttacks, secretMessage } from './world-messaging.ts';
import { pushAttacks, pushToken } from './world-push.ts';
import { externalAttacks } from './world-external.ts';
import { overlayAttacks } from './world-overlays.ts';
import { fleetAttacks } from './world-fleet.ts';

/**
 * BOLA matrix: every user tries to read, change and delete every object of every other user
 * through every route that names an object (path, body or query id). A success is a 2xx on an
 * object the attacker may not read, or a 2xx of a write on another's object; "changed" is checked
 * by the owner's re-read (snapshot.ts) before and after each victim is attacked, and every answer
 * to an attacker is searched for the victim's secrets (e-mail, tokens, private names and files).
 */
type Readable = boolean | 'maybe';
interface Attack {
  /** The OpenAPI operation (`POST /api/place/update/{id}`), or a hidden route's. */
  op: string;
  /** never: no 2xx; read: a 2xx only when the object is readable by the attacker; own: acts on the attacker's own data. */
  rule: 'never' | 'read' | 'own';
  readable?: Readable;
  /** The request holds a capability (a public link's token): what the link shows is no leak. */
  capability?: boolean;
  req: SweepRequest;
}

const ops = loadOperations();
let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterAll(() => w?.t.close());

async function attacks(a: Actor, v: Actor): Promise<Attack[]> {
  const o = v.objects;
  const s = a.scratch;
  const shared = v.sharedWith.includes(a.id);
  const out: Attack[] = [];
  const as = (op: string, rule: Attack['rule'], req: Omit<SweepRequest, 'token' | 'ip'> & { token?: string }, readable?: Readable) =>
    out.push({ op, rule, readable, req: { token: a.token, ip: a.ip, ...req } });
  const file = () => ({ name: 'file', value: w.png, filename: 'x.png', contentType: 'image/png' });
  const form = (data: unknown) => multipart([{ name: 'data', value: JSON.stringify(data) }, file()]);
  const guest = (key: string) => ({ [GUEST_KEY_HEADER]: key });

  // any account may be reported (the report changes nothing of the account)
  as(
    'POST /api/user/objectionable/{id}',
    'read',
    { method: 'POST', url: `/api/user/objectionable/${v.id}`, body: { reason: 'sweep' } },
    true,
  );

  // a widget is public (embedded on websites): anyone logged in may report it
  if (o.widgetV2)
    as(
      'POST /api/widget/objectionable/{id}',
      'read',
      { method: 'POST', url: `/api/widget/objectionable/${o.widgetV2.id}`, body: { reason: 'sweep' } },
      true,
    );

  // a moderators' notice is its owner's: another's appeal finds nothing
  as('POST /api/notice/{id}/appeal', 'never', { method: 'POST', url: `/api/notice/${o.notice}/appeal`, body: { text: 'not mine' } });

  // places: read and report what one may see; change, delete, picture never
  for (const [p, readable] of [
    [o.placePrivate, shared ? 'maybe' : false],
    [o.placePublic, true],
  ] as const) {
    as('GET /api/place/{id}', 'read', { method: 'GET', url: `/api/place/${p}` }, readable);
    as('GET /api/place/{id}/cover.svg', 'read', { method: 'GET', url: `/api/place/${p}/cover.svg` }, readable);
    as('GET /api/place/{id}/pictures', 'read', { method: 'GET', url: `/api/place/${p}/pictures` }, readable);
    as('POST /api/place/update/{id}', 'never', {
      method: 'POST',
      url: `/api/place/update/${p}`,
      body: { name: 'pwned', visibility: { id: 255 } },
    });
    as('DELETE /api/place/delete/{id}', 'never', { method: 'DELETE', url: `/api/place/delete/${p}` });
    as(
      'POST /api/place/objectionable/{id}',
      'read',
      { method: 'POST', url: `/api/place/objectionable/${p}`, body: { reason: 'sweep' } },
      readable,
    );
    as('POST /api/place/{id}/picture', 'never', { method: 'POST', url: `/api/place/${p}/picture`, ...multipart([file()]) });
    as('POST /api/place/{id}/picture', 'never', {
      method: 'POST',
      url: `/api/place/${p}/picture`,
      body: { documentId: a.objects.docPublic },
    });
    as('POST /api/like/create', 'read', { method: 'POST', url: '/api/like/create', body: { placeId: p } }, readable);
    as('POST /api/like/remove', 'own', { method: 'POST', url: '/api/like/remove', body: { placeId: p } });
    as('POST /api/list/{id}/items/add', 'read', { method: 'POST', url: `/api/list/${s.list}/items/add`, body: { placeId: p } }, readable);
    if (s.widget)
      as(
        'POST /api/widgetpoi/add',
        'read',
        { method: 'POST', url: '/api/widgetpoi/add', body: { widgetId: s.widget, placeId: p } },
        readable,
      );
    // a guest sees public places, and those a business shows in a widget: a business reading the
    // private place through a shared list may show it (contracts: a POI is a place readable by the business)
    const inWidget = w.actors.some((x) => x.kind === 'business' && v.sharedWith.includes(x.id));
    const guestReadable: Readable = p === o.placePublic ? true : inWidget ? 'maybe' : false;
    as(
      'POST /api/public/guest/like',
      'read',
      { method: 'POST', url: '/api/public/guest/like', token: undefined, headers: guest(s.guestKey), body: { placeId: p } },
      guestReadable,
    );
    as('DELETE /api/public/guest/like/{placeId}', 'own', {
      method: 'DELETE',
      url: `/api/public/guest/like/${p}`,
      token: undefined,
      headers: guest(s.guestKey),
    });
  }

  // lists (a like list is a list too): read what is public or shared with one; nothing else
  const listItems: Record<number, number[]> = { [o.listPrivate]: [o.itemPrivate], [o.listPublic]: [o.itemPublic], [o.likeList]: [] };
  for (const [l, readable] of [
    [o.listPrivate, shared],
    [o.listPublic, true],
    [o.likeList, false],
  ] as const) {
    as('GET /api/list/{id}', 'read', { method: 'GET', url: `/api/list/${l}` }, readable);
    as('GET /api/list/{id}/export', 'read', { method: 'GET', url: `/api/list/${l}/export?format=csv` }, readable);
    as('GET /api/list/{id}/shares', 'never', { method: 'GET', url: `/api/list/${l}/shares` });
    as('POST /api/list/update/{id}', 'never', {
      method: 'POST',
      url: `/api/list/update/${l}`,
      body: { name: 'pwned', visibility: { id: 255 } },
    });
    as('DELETE /api/list/delete/{id}', 'never', { method: 'DELETE', url: `/api/list/delete/${l}` });
    as(
      'POST /api/list/objectionable/{id}',
      'read',
      { method: 'POST', url: `/api/list/objectionable/${l}`, body: { reason: 'sweep' } },
      readable,
    );
    as('POST /api/list/{id}/items/add', 'never', { method: 'POST', url: `/api/list/${l}/items/add`, body: { placeId: s.place } });
    as('POST /api/list/{id}/items/reorder', 'never', {
      method: 'POST',
      url: `/api/list/${l}/items/reorder`,
      body: { itemIds: listItems[l] },
    });
    as('POST /api/share', 'never', { method: 'POST', url: '/api/share', body: { listId: l, public: true } });
    as('POST /api/share', 'never', { method: 'POST', url: '/api/share', body: { listId: l, userIds: [w.bystander.id] } });
    if (s.widget) as('POST /api/guestapp', 'never', { method: 'POST', url: '/api/guestapp', body: { listIds: [l] } });
  }
  for (const [l, i] of [
    [o.listPrivate, o.itemPrivate],
    [o.listPublic, o.itemPublic],
  ]) {
    as('POST /api/list/{id}/items/update/{itemId}', 'never', {
      method: 'POST',
      url: `/api/list/${l}/items/update/${i}`,
      body: { note: 'pwned' },
    });
    as('DELETE /api/list/{id}/items/{itemId}', 'never', { method: 'DELETE', url: `/api/list/${l}/items/${i}` });
    // another's item through one's own list
    as('POST /api/list/{id}/items/update/{itemId}', 'never', {
      method: 'POST',
      url: `/api/list/${s.list}/items/update/${i}`,
      body: { note: 'pwned', location: { latitude: 1, longitude: 1 } },
    });
    as('DELETE /api/list/{id}/items/{itemId}', 'never', { method: 'DELETE', url: `/api/list/${s.list}/items/${i}` });
    as('POST /api/list/{id}/items/reorder', 'never', { method: 'POST', url: `/api/list/${s.list}/items/reorder`, body: { itemIds: [i] } });
  }

  // shares: the public link is a capability (anyone holding it reads); revoking is the owner's
  as('GET /api/share/{token}', 'read', { method: 'GET', url: `/api/share/${o.shareToken}` }, true);
  out[out.length - 1].capability = true;
  as('DELETE /api/share/{token}', 'never', { method: 'DELETE', url: `/api/share/${o.shareToken}` });
  for (const id of [o.shareUser, o.sharePublic])
    as('POST /api/share/revoke', 'never', { method: 'POST', url: '/api/share/revoke', body: { id } });

  // groups of friends: another's never, by id; being their friend changes nothing
  as('GET /api/usergroup/{id}', 'never', { method: 'GET', url: `/api/usergroup/${o.group}` });
  as('POST /api/usergroup/update/{id}', 'never', { method: 'POST', url: `/api/usergroup/update/${o.group}`, body: { name: 'pwned' } });
  as('DELETE /api/usergroup/delete/{id}', 'never', { method: 'DELETE', url: `/api/usergroup/delete/${o.group}` });
  as('POST /api/usergroup/{id}/member', 'never', { method: 'POST', url: `/api/usergroup/${o.group}/member`, body: { userId: a.id } });
  as('DELETE /api/usergroup/{id}/member/{userId}', 'never', {
    method: 'DELETE',
    url: `/api/usergroup/${o.group}/member/${v.friend}`,
  });
  // my group with the victim as member: only when they are my friend
  if (s.group)
    as('POST /api/usergroup/{id}/member', a.friend === v.id || v.friend === a.id ? 'own' : 'never', {
      method: 'POST',
      url: `/api/usergroup/${s.group}/member`,
      body: { userId: v.id },
    });
  // another user: my relations with them and their profile as I may see it (what the levels let me)
  as('GET /api/userrelation/read/{id}', 'read', { method: 'GET', url: `/api/userrelation/read/${v.id}` }, true);
  as('GET /api/user/profile/{id}', 'read', { method: 'GET', url: `/api/user/profile/${v.id}` }, true);
  as('GET /api/user/profile/{id}', 'read', { method: 'GET', url: `/api/user/profile/${v.id}`, token: undefined }, true);
  // relation writes act on my own rows: aimed at the stranger, so the victim's friendships stay for
  // the rest of the matrix (a block ends them, which is its purpose, not a violation)
  for (const op of ['match/both', 'match/private', 'match/business', 'nomatch', 'follow', 'block'])
    as(`POST /api/userrelation/${op}/{id}`, 'own', { method: 'POST', url: `/api/userrelation/${op}/${w.stranger.id}` });
  as('DELETE /api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser', 'own', {
    method: 'DELETE',
    url: '/api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser',
    body: { relatedUserId: w.stranger.id, relationcategoryId: null, relationtypeId: 5 },
  });
  as('DELETE /api/userrelation/deleteByRelatedUserIdForLoggedInUser', 'own', {
    method: 'DELETE',
    url: '/api/userrelation/deleteByRelatedUserIdForLoggedInUser',
    body: { relatedUserId: w.stranger.id },
  });
  // nobody's rows: the categories are reference data
  as('GET /api/userrelationcategory/{id}', 'read', { method: 'GET', url: '/api/userrelationcategory/1' }, true);

  // conversations, messages and meetings (world-messaging.ts)
  messagingAttacks(a, v, as);
  pushAttacks(v, as);
  externalAttacks(v, as);
  overlayAttacks(v, as);
  fleetAttacks(v, as);

  // saved filters: another's never, by id or in a list
  as('GET /api/savedfilter/{id}', 'never', { method: 'GET', url: `/api/savedfilter/${o.savedFilter}` });
  as('POST /api/savedfilter/update/{id}', 'never', {
    method: 'POST',
    url: `/api/savedfilter/update/${o.savedFilter}`,
    body: { view: 'console.audit', name: 'pwned', query: {} },
  });
  as('DELETE /api/savedfilter/delete/{id}', 'never', { method: 'DELETE', url: `/api/savedfilter/delete/${o.savedFilter}` });

  // settings: by id never; by key only ever one's own
  as('GET /api/setting/{id}', 'never', { method: 'GET', url: `/api/setting/${o.setting}` });
  as('POST /api/setting/update/{id}', 'never', {
    method: 'POST',
    url: `/api/setting/update/${o.setting}`,
    body: { key: 'theme', value: 'pwned' },
  });
  as('DELETE /api/setting/delete/{id}', 'never', { method: 'DELETE', url: `/api/setting/delete/${o.setting}` });
  as('POST /api/setting/save', 'own', {
    method: 'POST',
    url: '/api/setting/save',
    body: { key: 'theme', value: { mode: `pwned-by-${a.label}` } },
  });

  // content languages: one's own list only
  for (const op of ['remove', 'add', 'assignDefault'])
    as(`POST /api/language/${op}`, 'own', { method: 'POST', url: `/api/language/${op}`, body: { id: w.language.id } });

  // documents: read what is public; change, delete, replace, take over as a picture never
  const docs: [number | undefined, boolean][] = [
    [o.docPrivate, false],
    [o.docPublic, true],
    [o.placePicture, false],
    [o.profilePicture, true],
    [o.uploadDoc, false],
    [o.poiPicture, true],
    [o.logo, true],
  ];
  for (const [d, readable] of docs) {
    if (d === undefined) continue;
    as('GET /api/document/{id}', 'read', { method: 'GET', url: `/api/document/${d}` }, readable);
    as('GET /api/document/{id}/file', 'read', { method: 'GET', url: `/api/document/${d}/file` }, readable);
    as('GET /api/document/{id}/file', 'read', { method: 'GET', url: `/api/document/${d}/file`, token: undefined }, readable);
    as('GET /api/document/{id}/thumb', 'read', { method: 'GET', url: `/api/document/${d}/thumb` }, readable);
    as('POST /api/document/update/{id}', 'never', {
      method: 'POST',
      url: `/api/document/update/${d}`,
      body: { fileName: 'pwned.png', visibility: 255 },
    });
    as('DELETE /api/document/delete/{id}', 'never', { method: 'DELETE', url: `/api/document/delete/${d}` });
    as('POST /api/document/upload', 'never', { method: 'POST', url: '/api/document/upload', ...form({ id: d, name: 'pwned' }) });
    as('POST /api/document/add', 'never', { method: 'POST', url: '/api/document/add', ...form({ id: d }) });
    as('POST /api/myprofile/image/update', 'never', { method: 'POST', url: '/api/myprofile/image/update', body: { documentId: d } });
    as('POST /api/myprofile/logo/update', 'never', { method: 'POST', url: '/api/myprofile/logo/update', body: { documentId: d } });
    as('POST /api/place/{id}/picture', 'never', {
      method: 'POST',
      url: `/api/place/${s.place}/picture`,
      body: { id: s.place, documentId: d },
    });
    if (s.poi)
      as('POST /api/widgetpoi/image/update', 'never', {
        method: 'POST',
        url: '/api/widgetpoi/image/update',
        body: { id: s.poi, documentId: d },
      });
  }
  as('GET /api/document/resumable/{uploadId}/document', 'never', {
    method: 'GET',
    url: `${RESUMABLE_UPLOAD_PATH}/${o.uploadDone}/document`,
  });
  const tus = { 'tus-resumable': '1.0.0' };
  // the tus routes are hidden from the OpenAPI document (the protocol is tus's)
  as('HEAD /api/document/resumable/{uploadId}', 'never', { method: 'HEAD', url: `${RESUMABLE_UPLOAD_PATH}/${o.uploadOpen}`, headers: tus });
  as('PATCH /api/document/resumable/{uploadId}', 'never', {
    method: 'PATCH',
    url: `${RESUMABLE_UPLOAD_PATH}/${o.uploadOpen}`,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: Buffer.from('%PDF-1.7 pwned'),
  });
  as('DELETE /api/document/resumable/{uploadId}', 'never', {
    method: 'DELETE',
    url: `${RESUMABLE_UPLOAD_PATH}/${o.uploadOpen}`,
    headers: tus,
  });

  // the profile: only ever one's own
  as('POST /api/myprofile/update', 'never', { method: 'POST', url: '/api/myprofile/update', body: profileBody(a, { id: v.id }) });
  as('POST /api/myprofile/language', 'never', { method: 'POST', url: '/api/myprofile/language', body: { id: v.id, language: { id: 2 } } });
  as('POST /api/myprofile/image/update', 'never', { method: 'POST', url: '/api/myprofile/image/update', ...form({ id: v.id }) });
  as('POST /api/myprofile/logo/update', 'never', { method: 'POST', url: '/api/myprofile/logo/update', ...form({ id: v.id }) });
  as('GET /api/like/{name}', 'own', { method: 'GET', url: `/api/like/${LIKE_NAME}` });
  as('POST /api/guest/claim', 'never', { method: 'POST', url: '/api/guest/claim', body: { guestKey: o.claimedGuestKey } });

  // widgets, POIs, analytics, the guest app: a business only ever reaches its own
  if (o.widgetV1 && o.widgetV2 && o.poi) {
    for (const wd of [o.widgetV1, o.widgetV2]) {
      as('GET /api/widget/{id}', 'never', { method: 'GET', url: `/api/widget/${wd.id}` });
      as('POST /api/widget/update/{id}', 'never', {
        method: 'POST',
        url: `/api/widget/update/${wd.id}`,
        body: { name: 'pwned', allowedDomains: ['evil.example'] },
      });
      as('DELETE /api/widget/delete/{id}', 'never', { method: 'DELETE', url: `/api/widget/delete/${wd.id}` });
      as('POST /api/widgetpoi/add', 'never', { method: 'POST', url: '/api/widgetpoi/add', body: { widgetId: wd.id, placeId: s.place } });
      as('POST /api/widgetpoi/reorder', 'never', {
        method: 'POST',
        url: '/api/widgetpoi/reorder',
        body: { widgetId: wd.id, poiIds: wd === o.widgetV2 ? [o.poi] : [] },
      });
      const day = new Date().toISOString().slice(0, 10);
      as('GET /api/widget/analytics', 'never', { method: 'GET', url: `/api/widget/analytics?widgetId=${wd.id}&from=${day}&to=${day}` });
      if (s.widget) as('POST /api/guestapp', 'never', { method: 'POST', url: '/api/guestapp', body: { widgetIds: [wd.id] } });
      as('GET /api/public/widget/{publicId}', 'read', { method: 'GET', url: `/api/public/widget/${wd.publicId}`, token: undefined }, true);
      as(
        'POST /api/public/widget/{publicId}/event',
        'read',
        {
          method: 'POST',
          url: `/api/public/widget/${wd.publicId}/event`,
          token: undefined,
          body: { event: 'view' },
        },
        true,
      );
    }
    as('POST /api/widgetpoi/remove', 'never', { method: 'POST', url: '/api/widgetpoi/remove', body: { id: o.poi } });
    as('POST /api/widgetpoi/texts', 'never', {
      method: 'POST',
      url: '/api/widgetpoi/texts',
      body: { id: o.poi, texts: { en: { name: 'pwned' } } },
    });
    as('POST /api/widgetpoi/image/update', 'never', { method: 'POST', url: '/api/widgetpoi/image/update', ...form({ id: o.poi }) });
    as('POST /api/widgetpoi/image/update', 'never', {
      method: 'POST',
      url: '/api/widgetpoi/image/update',
      body: { id: o.poi, documentId: a.objects.docPublic },
    });
    if (s.widget)
      as('POST /api/widgetpoi/reorder', 'never', {
        method: 'POST',
        url: '/api/widgetpoi/reorder',
        body: { widgetId: s.widget, poiIds: [o.poi, s.poi] },
      });
    as(
      'GET /api/public/guest-app/{publicId}',
      'read',
      { method: 'GET', url: `/api/public/guest-app/${o.guestApp}`, token: undefined },
      true,
    );
  }
  as('GET /api/widget/setting/{name}', 'own', { method: 'GET', url: `/api/widget/setting/${WIDGET_SETTING}` });
  as('POST /api/widget/setting/{name}', 'own', {
    method: 'POST',
    url: `/api/widget/setting/${WIDGET_SETTING}`,
    body: { value: { columns: 9 } },
  });

  // reference rows: public to read
  for (const [path, id] of Object.entries(w.admin.objects.reference))
    as(`GET ${path}{id}`, 'read', { method: 'GET', url: `${path}${id}` }, true);

  // admin routes: none of them for a user, whatever the object (generated from openapi.json)
  for (const op of ops.filter((x) => x.access === 'admin')) {
    const valid = (await validRequest(op, { w, me: v }))!;
    as(op.id, 'never', { method: op.method, url: urlOf(op, valid.params), body: valid.body });
  }
  as('POST /api/admin/user/{id}/flags', 'never', {
    method: 'POST',
    url: `/api/admin/user/${a.id}/flags`,
    body: { widgetv1activated: true, hasGuest: true },
  });
  return out;
}

/** Text of the victim's an attacker must never see in an answer. */
function secretsOf(v: Actor, a: Actor): string[] {
  const o = v.objects;
  const shared = v.sharedWith.includes(a.id);
  return [
    v.email,
    o.shareToken,
    o.guestKey,
    o.claimedGuestKey,
    pushToken(v),
    `/api/document/${o.docPrivate}/`,
    `/api/document/${o.placePicture}/`,
    `/api/document/${o.uploadDoc}/`,
    `"mode":"${v.label}"`,
    ...(v.friend === a.id ? [] : [secretMessage(v)]),
    ...(shared ? [] : [`${v.label} private place`, `${v.label} private list`]),
  ];
}

/** Routes that name no object of another user (with why), so the matrix has nothing to aim at. */
const NOT_OBJECT_ROUTES: Record<string, string> = {
  'POST /api/logout': "`token` is the caller's own push device token",
  'POST /api/password/update/token': 'a reset token is a secret mailed to its owner (auth tests)',
  'GET /api/email/verify': 'a verification token is a secret mailed to its owner (auth tests)',
  'GET /api/translation/{lang}': 'public reference text, the same for everyone',
  'POST /api/list/import': 'creates a new list of the caller; names no object',
  'POST /api/place/add': "`externalId` is the place's id in another catalogue (OSM), not an object here",
  'POST /api/applelogin':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'POST /api/fblogin':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'POST /api/linkedinlogin':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'POST /api/bookingsuitelogin':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'POST /api/apaleologin':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'POST /api/loginbyexternalaccount':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'POST /api/apaleo-client-login':
    "the provider's `hotelIds` and `userID` are never trusted (identity comes from the verified token or code); names no object of another user",
  'GET /api/externalaccount/facebook/deletion/{code}': 'a status of Facebook’s deletion callback sealed by the server; names no object',
};

/** Operations that name an object: a path parameter, an id in the body (top level) or the query, or a multipart form. */
function namesObject(op: Operation): boolean {
  const idish = /^(id|guestKey|token)$|Ids?$/;
  const bodyKeys = [op.body, ...(op.body?.anyOf ?? [])].flatMap((s) => Object.keys(s?.properties ?? {}));
  return (
    op.pathParams.length > 0 ||
    op.query.some((q) => idish.test(q.name)) ||
    bodyKeys.some((k) => idish.test(k)) ||
    op.multipart ||
    op.access === 'admin'
  );
}

describe('BOLA matrix', () => {
  it('covers every operation that names an object (openapi.json)', async () => {
    const v = w.actors[w.actors.length - 1];
    const aimed = new Set((await Promise.all(w.actors.filter((a) => a !== v).map((a) => attacks(a, v)))).flat().map((x) => x.op));
    const missing = ops.filter((op) => namesObject(op) && !aimed.has(op.id) && !NOT_OBJECT_ROUTES[op.id] && op.id !== 'POST /api/signup');
    expect(missing.map((op) => op.id)).toEqual([]);
    const unknown = [...aimed].filter((id) => !ops.some((op) => op.id === id) && !/resumable\/\{uploadId\}$/.test(id));
    expect(unknown).toEqual([]);
  });

  it('no user reads, changes or deletes another user’s object (0 successes)', async () => {
    const violations: string[] = [];
    let attempts = 0;
    for (const v of w.actors) {
      const before = await snapshot(w, v, { listings: true });
      const unreadable = [...before].filter(([, shown]) => !/^2\d\d /.test(shown));
      expect(unreadable, `${v.label}'s own reads`).toEqual([]);
      for (const a of w.actors) {
        if (a === v) continue;
        const secrets = secretsOf(v, a);
        for (const x of await attacks(a, v)) {
          attempts++;
          const res = await send(w.t.app, 'bola', x.req);
          const what = `${a.label} → ${v.label}: ${describeRequest(x.req)} → ${res.status}`;
          const problem = answerProblem(res);
          if (problem) violations.push(`${what}: ${problem}`);
          if (!isSuccess(res.status)) continue;
          if (x.rule === 'never') violations.push(`${what}: succeeded ${res.body.slice(0, 200)}`);
          if (x.rule === 'read' && x.readable === false) violations.push(`${what}: read what it may not ${res.body.slice(0, 200)}`);
          if (x.rule === 'read' && x.req.method === 'GET' && /"editable":true/.test(res.body))
            violations.push(`${what}: told it may edit another's object`);
          const leaked = secrets.filter((s) => res.body.includes(s) && !(x.capability && / private (place|list)$/.test(s)));
          if (leaked.length > 0) violations.push(`${what}: leaked ${leaked.join(', ')}`);
        }
      }
      const after = await snapshot(w, v, { listings: true });
      violations.push(...changes(before, after).map((c) => `${v.label}'s object changed: ${c}`));
    }
    console.log(
      `[security] BOLA: ${attempts} attempts by ${w.actors.length} users (${requestCount('bola')} requests, ${requestCount('snapshot')} owner re-reads)`,
    );
    expect(violations).toEqual([]);
  });
});
