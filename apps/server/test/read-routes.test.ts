import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, countQueries, req, signup, type LoggedIn, type Res, type TestApp } from './helpers.ts';
import { pngOf, upload } from './document-helpers.ts';
import { addItem, addList, addPlace, SPOTS } from './place-helpers.ts';
import { ALL_FLAGS, business } from './widget-helpers.ts';

/**
 * The reads people make most (issue: every read at memory speed): no statement per item, a second
 * read from the response cache runs none, a change shows at once for every reader, and an answer
 * never reaches another viewer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const near = (i: number) => ({ lat: SPOTS.marienplatz.lat + i * 0.001, lng: SPOTS.marienplatz.lng + i * 0.001 });
const ok = (res: Res, what: string) => {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(200);
  return res;
};

/** One user's world of `n` things: places, a list of them (shared by link), likes, lists, a widget and guest app. */
async function world(n: number) {
  const user = await signup(t.app);
  const listId = await addList(t.app, user.token, 'Favourites');
  const placeIds: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = await addPlace(t.app, user.token, `Spot ${n}-${i}`, near(i));
    placeIds.push(id);
    await addItem(t.app, user.token, listId, id);
    ok(await req(t.app, 'POST', '/api/like/create', { token: user.token, body: { placeId: id } }), 'like');
  }
  for (let i = 1; i < n; i++) await addList(t.app, user.token, `More ${i}`);
  const link = ok(await req(t.app, 'POST', '/api/share', { token: user.token, body: { listId, public: true } }), 'share').json()
    .token as string;
  const picture = await upload(t.app, user.token, { value: await pngOf(20, 20) }, {}, `/api/place/${placeIds[0]}/picture`);
  ok(picture, 'picture');

  const biz = await business(t.app, ALL_FLAGS);
  const widgetIds: number[] = [];
  const widgets = Math.min(n, 3);
  let publicWidget = '';
  for (let w = 0; w < widgets; w++) {
    const made = ok(await req(t.app, 'POST', '/api/widget/add', { token: biz.token, body: { name: `W${w}` } }), 'widget').json();
    widgetIds.push(made.id);
    publicWidget ||= made.publicId;
    for (const placeId of placeIds.slice(0, Math.ceil(n / widgets))) {
      ok(await req(t.app, 'POST', '/api/widgetpoi/add', { token: biz.token, body: { widgetId: made.id, placeId } }), 'poi');
    }
  }
  const guest = ok(await req(t.app, 'GET', '/api/guestapp', { token: biz.token }), 'guest app').json();
  ok(await req(t.app, 'POST', '/api/guestapp', { token: biz.token, body: { enabled: true, widgetIds } }), 'guest app update');
  for (const event of ['view', 'like', 'click']) {
    const counted = await t.app.inject({
      method: 'POST',
      url: `/api/public/widget/${publicWidget}/event`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ event }),
    });
    expect(counted.statusCode, `${event} event`).toBe(204);
  }
  return { user, biz, listId, placeIds, link, publicWidget, guestApp: guest.publicId as string };
}
type World = Awaited<ReturnType<typeof world>>;

/** The read routes, as their pages call them. */
const ROUTES: Record<string, (w: World) => Promise<Res>> = {
  'list detail': (w) => req(t.app, 'GET', `/api/list/${w.listId}`, { token: w.user.token, location: SPOTS.marienplatz }),
  'shared link (anonymous)': (w) => req(t.app, 'GET', `/api/share/${w.link}`, { location: SPOTS.marienplatz }),
  'shared link (logged in)': (w) => req(t.app, 'GET', `/api/share/${w.link}`, { token: w.user.token }),
  'my lists': (w) => req(t.app, 'GET', '/api/list/mine?p.s=50', { token: w.user.token }),
  'liked places': (w) => req(t.app, 'GET', '/api/like/default', { token: w.user.token, location: SPOTS.marienplatz }),
  catalogue: (w) => req(t.app, 'GET', '/api/place/list?f.mine=true&p.s=50', { token: w.user.token }),
  nearby: (w) => req(t.app, 'GET', '/api/place/list?f.radius=5000&p.s=50', { token: w.user.token, location: SPOTS.marienplatz }),
  'place detail': (w) => req(t.app, 'GET', `/api/place/${w.placeIds[0]}`, { token: w.user.token, location: SPOTS.marienplatz }),
  profile: (w) => req(t.app, 'GET', '/api/myprofile', { token: w.user.token }),
  'session user': (w) => req(t.app, 'GET', '/api/session/user', { token: w.user.token }),
  'public widget': (w) => t.app.inject({ method: 'GET', url: `/api/public/widget/${w.publicWidget}?lang=de` }),
  'guest app': (w) => t.app.inject({ method: 'GET', url: `/api/public/guest-app/${w.guestApp}` }),
  'business dashboard': (w) => req(t.app, 'GET', '/api/dashboard/business', { token: w.biz.token }),
};

describe('read routes', () => {
  let small: World;
  let large: World;
  beforeAll(async () => {
    small = await world(1);
    large = await world(24);
  }, 120_000);

  it('run as many statements for 24 items as for 1 (no query per item), and none on the second read', async () => {
    const counts: Record<string, [number, number]> = {};
    for (const [name, read] of Object.entries(ROUTES)) {
      const one = await countQueries(t, async () => ok(await read(small), name));
      const many = await countQueries(t, async () => ok(await read(large), name));
      counts[name] = [one, many];
      expect(await countQueries(t, async () => ok(await read(large), name)), `${name}: second read`).toBe(0);
    }
    for (const [name, [one, many]] of Object.entries(counts)) {
      expect(one, name).toBeGreaterThan(0);
      expect(many, `${name}: ${one} statements for 1 item, ${many} for 24`).toBe(one);
    }
    // the answers are the worlds' own: 24 items, lists, likes, places
    expect((await ROUTES['list detail'](large)).json().items.total).toBe(24);
    expect((await ROUTES['shared link (anonymous)'](large)).json().items.list).toHaveLength(24);
    expect((await ROUTES['my lists'](large)).json().total).toBe(25); // 24 lists and the likes list
    expect((await ROUTES['liked places'](large)).json().total).toBe(24);
    expect((await ROUTES.catalogue(large)).json().total).toBe(24);
    expect((await ROUTES['place detail'](large)).json().pictures).toHaveLength(1);
    // my lists carry a cover each: the first place with a picture, none for an empty list
    const mine = (await ROUTES['my lists'](large)).json().list as {
      id: number;
      cover: { placeId: number; thumbUrl: string | null } | null;
    }[];
    expect(mine.find((l) => l.id === large.listId)?.cover).toMatchObject({ placeId: large.placeIds[0], thumbUrl: expect.any(String) });
    expect(mine.filter((l) => l.cover === null)).toHaveLength(23);
    const biz = (await ROUTES['business dashboard'](large)).json();
    expect(biz.widgets).toHaveLength(3);
    expect(biz.totals.view.thisWeek).toBe(1);
  });
});

describe('cached reads show a change at once, to every reader', () => {
  let owner: LoggedIn;
  let other: LoggedIn;
  let placeId: number;
  beforeAll(async () => {
    [owner, other] = [await signup(t.app), await signup(t.app)];
    placeId = await addPlace(t.app, owner.token, 'Hofgarten', SPOTS.marienplatz);
  });
  const detail = (who: LoggedIn) => req(t.app, 'GET', `/api/place/${placeId}`, { token: who.token });
  const search = (who: LoggedIn, q: string) => req(t.app, 'GET', `/api/place/list?f.q=${encodeURIComponent(q)}`, { token: who.token });

  it("place detail: the creator's edit, a like, a picture added and deleted", async () => {
    expect((await detail(other)).json()).toMatchObject({ name: 'Hofgarten', liked: false, pictures: [] });
    expect(await countQueries(t, () => detail(other))).toBe(0);
    ok(await req(t.app, 'POST', `/api/place/update/${placeId}`, { token: owner.token, body: { name: 'Hofgarten Café' } }), 'update');
    expect((await detail(other)).json().name).toBe('Hofgarten Café');
    ok(await req(t.app, 'POST', '/api/like/create', { token: other.token, body: { placeId } }), 'like');
    expect((await detail(other)).json().liked).toBe(true);
    expect((await detail(owner)).json().liked).toBe(false);
    const pic = ok(await upload(t.app, owner.token, { value: await pngOf(20, 20) }, {}, `/api/place/${placeId}/picture`), 'picture').json();
    expect((await detail(other)).json().pictures).toHaveLength(1);
    ok(await req(t.app, 'DELETE', `/api/document/delete/${pic.id}`, { token: owner.token }), 'picture delete');
    expect((await detail(other)).json().pictures).toHaveLength(0);
    // private now: a reader who neither liked nor listed it loses their kept answer with it
    const third = await signup(t.app);
    ok(await detail(third), 'third');
    ok(await req(t.app, 'POST', `/api/place/update/${placeId}`, { token: owner.token, body: { visibility: { id: 1 } } }), 'private');
    expect((await detail(third)).statusCode).toBe(404);
    expect((await detail(other)).statusCode).toBe(200); // in their likes: still theirs to read
    expect((await detail(owner)).statusCode).toBe(200);
  });

  it("catalogue search: another user's new public place appears, their private one never does", async () => {
    expect((await search(other, 'Isar beach')).json().total).toBe(0);
    expect(await countQueries(t, () => search(other, 'Isar beach'))).toBe(0);
    await addPlace(t.app, owner.token, 'Isar beach', SPOTS.deutschesMuseum);
    expect((await search(other, 'Isar beach')).json().total).toBe(1);
    await addPlace(t.app, owner.token, 'Isar beach hut', SPOTS.deutschesMuseum, { visibility: { id: 1 } });
    expect((await search(other, 'Isar beach')).json().total).toBe(1);
    expect((await search(owner, 'Isar beach')).json().total).toBe(2);
  });

  it('a shared link: the list renamed, the owner renamed, the link revoked', async () => {
    const listId = await addList(t.app, owner.token, 'Beer gardens');
    await addItem(t.app, owner.token, listId, await addPlace(t.app, owner.token, 'Chinesischer Turm', SPOTS.olympiapark));
    const link = ok(await req(t.app, 'POST', '/api/share', { token: owner.token, body: { listId, public: true } }), 'share').json().token;
    const open = () => req(t.app, 'GET', `/api/share/${link}`);
    expect((await open()).json().name).toBe('Beer gardens');
    expect(await countQueries(t, open)).toBe(0);
    ok(await req(t.app, 'POST', `/api/list/update/${listId}`, { token: owner.token, body: { name: 'Biergärten' } }), 'rename');
    expect((await open()).json().name).toBe('Biergärten');
    const rename = { email: owner.email, nickname: { value: 'Seppi' } };
    ok(await req(t.app, 'POST', '/api/myprofile/update', { token: owner.token, body: rename }), 'nickname');
    expect((await open()).json().owner.nickname).toBe('Seppi');
    ok(await req(t.app, 'DELETE', `/api/share/${link}`, { token: owner.token }), 'revoke');
    expect((await open()).statusCode).toBe(410);
  });

  it('my lists and the profile follow their own writes', async () => {
    const mine = () => req(t.app, 'GET', '/api/list/mine', { token: other.token });
    const before = (await mine()).json().total;
    expect(await countQueries(t, mine)).toBe(0);
    await addList(t.app, other.token, 'Rainy days');
    expect((await mine()).json().total).toBe(before + 1);
    const profile = () => req(t.app, 'GET', '/api/myprofile', { token: other.token });
    ok(await profile(), 'profile');
    expect(await countQueries(t, profile)).toBe(0);
    ok(
      await req(t.app, 'POST', '/api/myprofile/update', { token: other.token, body: { email: other.email, nickname: { value: 'Vroni' } } }),
      'nickname',
    );
    expect((await profile()).json().nickname.value).toBe('Vroni');
  });
});

describe('a kept answer never reaches another viewer', () => {
  it('place detail and the shared link, read by owner, stranger and anonymous in every order', async () => {
    const [owner, stranger] = [await signup(t.app), await signup(t.app)];
    const hidden = await addPlace(t.app, owner.token, 'Secret spot', SPOTS.nymphenburg, { visibility: { id: 1 } });
    const listId = await addList(t.app, owner.token, 'Mine');
    await addItem(t.app, owner.token, listId, hidden);
    ok(await req(t.app, 'POST', '/api/like/create', { token: owner.token, body: { placeId: hidden } }), 'like');
    const link = ok(await req(t.app, 'POST', '/api/share', { token: owner.token, body: { listId, public: true } }), 'share').json().token;
    const viewers = { owner, stranger, anonymous: null } as const;
    const expected = {
      owner: { place: 200, editable: true, liked: true },
      stranger: { place: 404, editable: false, liked: false },
      anonymous: { place: 401, editable: false, liked: false },
    };
    const names = Object.keys(viewers) as (keyof typeof viewers)[];
    const orders = names.flatMap((a) => names.filter((b) => b !== a).map((b) => [a, b, ...names.filter((c) => c !== a && c !== b)]));
    for (const order of orders) {
      for (const name of [...order, ...order]) {
        const token = viewers[name]?.token;
        const place = await req(t.app, 'GET', `/api/place/${hidden}`, { token });
        expect(place.statusCode, `${order.join(',')}: ${name}`).toBe(expected[name].place);
        const shared = ok(await req(t.app, 'GET', `/api/share/${link}`, { token }), `${name} link`).json();
        expect(shared.editable, name).toBe(expected[name].editable);
        expect(shared.items.list[0].place.liked, name).toBe(expected[name].liked);
      }
    }
  });
});
