import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { haversineMeters } from '@spotlist/contracts';
import { objectionableReports } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace, importFile, SPOTS } from '../../../test/place-helpers.ts';

let t: TestApp;
let alice: LoggedIn;
let bob: LoggedIn;
const ids: Record<string, number> = {};
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signup(t.app);
  bob = await signup(t.app);
  for (const [name, at] of Object.entries({
    Viktualienmarkt: SPOTS.viktualienmarkt,
    'Deutsches Museum': SPOTS.deutschesMuseum,
    Olympiapark: SPOTS.olympiapark,
    'Allianz Arena': SPOTS.allianzArena,
  })) {
    ids[name] = await addPlace(t.app, bob.token, name, at);
  }
});
afterAll(() => t.close());

const names = (items: { place: { name: string } }[]) => items.map((i) => i.place.name);

describe('lists: access and bad input', () => {
  it('401 without a token on every list call', async () => {
    for (const [method, url] of [
      ['GET', '/api/list/mine'],
      ['GET', '/api/list/shared'],
      ['GET', '/api/list/public'],
      ['GET', '/api/list/1'],
      ['POST', '/api/list/new'],
      ['POST', '/api/list/add'],
      ['POST', '/api/list/update/1'],
      ['DELETE', '/api/list/delete/1'],
      ['POST', '/api/list/objectionable/1'],
      ['POST', '/api/list/1/items/add'],
      ['POST', '/api/list/1/items/update/1'],
      ['DELETE', '/api/list/1/items/1'],
      ['POST', '/api/list/1/items/reorder'],
      ['GET', '/api/list/1/shares'],
      ['GET', '/api/list/1/export'],
      ['POST', '/api/list/import'],
    ] as const) {
      const res = await req(t.app, method, url, { body: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ key: 'error.auth.required' });
    }
  });

  it('400 with field keys for bad bodies and queries', async () => {
    const list = await addList(t.app, alice.token, 'Bad input');
    for (const [url, body, field] of [
      ['/api/list/add', {}, { path: 'body.name', key: 'FORM.ERROR.REQUIRED' }],
      ['/api/list/add', { name: 'x', visibility: { id: 3 } }, { path: 'body.visibility.id', key: 'FORM.ERROR.VISIBILITY' }],
      ['/api/list/add', { name: 'x'.repeat(121) }, { path: 'body.name', key: 'FORM.ERROR.MAXLENGTH' }],
      [`/api/list/update/${list}`, { name: '' }, { path: 'body.name', key: 'FORM.ERROR.REQUIRED' }],
      [`/api/list/${list}/items/add`, {}, { path: 'body.placeId', key: 'FORM.ERROR.REQUIRED' }],
      [`/api/list/${list}/items/add`, { placeId: 1, position: -1 }, { path: 'body.position', key: 'FORM.ERROR.MAX' }],
      [`/api/list/${list}/items/add`, { placeId: 1, note: 'x'.repeat(2001) }, { path: 'body.note', key: 'FORM.ERROR.MAXLENGTH' }],
      [
        `/api/list/${list}/items/update/1`,
        { location: { latitude: 100, longitude: 0 } },
        { path: 'body.location.latitude', key: 'FORM.ERROR.MAX' },
      ],
      [`/api/list/${list}/items/reorder`, { itemIds: [0] }, { path: 'body.itemIds.0', key: 'hasId' }],
    ] as const) {
      const res = await req(t.app, 'POST', url, { token: alice.token, body });
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().fields).toContainEqual(field);
    }
    for (const query of ['f.colour=red', 'o.sort=price', 'f.kind=album', 'p.i=-1']) {
      expect((await req(t.app, 'GET', `/api/list/mine?${query}`, { token: alice.token })).statusCode, query).toBe(400);
    }
    expect((await req(t.app, 'GET', `/api/list/${list}?o.sort=colour`, { token: alice.token })).statusCode).toBe(400);
    expect((await req(t.app, 'GET', '/api/list/elsewhere', { token: alice.token })).statusCode).toBe(400);
  });
});

describe('a list: create, rename, items in order with notes, delete', () => {
  it('the whole life of a list', async () => {
    expect((await req(t.app, 'POST', '/api/list/new', { token: alice.token })).json()).toEqual({
      kind: 'list',
      name: '',
      description: '',
      visibility: { id: 1 },
    });
    const made = await req(t.app, 'POST', '/api/list/add', { token: alice.token, body: { name: ' Weekend ', description: 'Two days' } });
    expect(made.json()).toMatchObject({
      name: 'Weekend',
      description: 'Two days',
      kind: 'list',
      visibility: { id: 1 },
      itemCount: 0,
      editable: true,
      owner: { id: alice.user.id },
    });
    const id = made.json().id;

    await addItem(t.app, alice.token, id, ids.Viktualienmarkt, 'Breakfast');
    await addItem(t.app, alice.token, id, ids.Olympiapark);
    const third = await req(t.app, 'POST', `/api/list/${id}/items/add`, {
      token: alice.token,
      location: SPOTS.marienplatz,
      body: { placeId: ids['Deutsches Museum'], note: 'Rainy day', position: 1 },
    });
    expect(third.statusCode).toBe(200);
    const detail = third.json();
    expect(detail).toMatchObject({ id, itemCount: 3, items: { total: 3, pageIndex: 0, pageSize: 100 } });
    expect(names(detail.items.list)).toEqual(['Viktualienmarkt', 'Deutsches Museum', 'Olympiapark']);
    expect(detail.items.list.map((i: { position: number; note: string }) => [i.position, i.note])).toEqual([
      [0, 'Breakfast'],
      [1, 'Rainy day'],
      [2, ''],
    ]);
    expect(detail.items.list[0].place.distance).toBe(Math.round(haversineMeters(SPOTS.marienplatz, SPOTS.viktualienmarkt)));

    const dup = await req(t.app, 'POST', `/api/list/${id}/items/add`, { token: alice.token, body: { placeId: ids.Olympiapark } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ key: 'error.duplicate' });
    const none = await req(t.app, 'POST', `/api/list/${id}/items/add`, { token: alice.token, body: { placeId: 99_999_999 } });
    expect(none.json()).toEqual({ key: 'error.place.notfound' });

    const byDistance = (
      await req(t.app, 'GET', `/api/list/${id}?o.sort=distance`, { token: alice.token, location: SPOTS.olympiapark })
    ).json();
    expect(names(byDistance.items.list)).toEqual(['Olympiapark', 'Viktualienmarkt', 'Deutsches Museum']);
    expect((await req(t.app, 'GET', `/api/list/${id}?f.q=rainy`, { token: alice.token })).json().items.total).toBe(1);

    const [v, d, o] = detail.items.list.map((i: { id: number }) => i.id);
    const reordered = await req(t.app, 'POST', `/api/list/${id}/items/reorder`, { token: alice.token, body: { itemIds: [o, v, d] } });
    expect(names(reordered.json().items.list)).toEqual(['Olympiapark', 'Viktualienmarkt', 'Deutsches Museum']);
    for (const bad of [
      [o, v],
      [o, v, d, d],
      [o, v, 99_999_999],
    ]) {
      const res = await req(t.app, 'POST', `/api/list/${id}/items/reorder`, { token: alice.token, body: { itemIds: bad } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ key: 'error.list.reorder' });
    }

    const noted = await req(t.app, 'POST', `/api/list/${id}/items/update/${v}`, { token: alice.token, body: { note: 'Second breakfast' } });
    expect(noted.json().items.list[1]).toMatchObject({ id: v, note: 'Second breakfast' });

    const removed = await req(t.app, 'DELETE', `/api/list/${id}/items/${o}`, { token: alice.token });
    expect(removed.json().items.list.map((i: { position: number; place: { name: string } }) => [i.position, i.place.name])).toEqual([
      [0, 'Viktualienmarkt'],
      [1, 'Deutsches Museum'],
    ]);
    expect((await req(t.app, 'DELETE', `/api/list/${id}/items/${o}`, { token: alice.token })).json()).toEqual({
      key: 'error.list.item.notfound',
    });

    const renamed = await req(t.app, 'POST', `/api/list/update/${id}`, { token: alice.token, body: { name: 'Long weekend' } });
    expect(renamed.json()).toMatchObject({ name: 'Long weekend', description: 'Two days', itemCount: 2 });
    const mine = (await req(t.app, 'GET', '/api/list/mine?f.kind=list', { token: alice.token })).json();
    expect(mine.list[0]).toMatchObject({ id, name: 'Long weekend' }); // the latest change first

    expect((await req(t.app, 'DELETE', `/api/list/delete/${id}`, { token: alice.token })).json()).toEqual({ ok: true });
    expect((await req(t.app, 'GET', `/api/list/${id}`, { token: alice.token })).json()).toEqual({ key: 'error.list.notfound' });
    // the places stay in the catalogue
    expect((await req(t.app, 'GET', `/api/place/${ids.Olympiapark}`, { token: alice.token })).statusCode).toBe(200);
  });

  it('a place in several lists; paging of items; f.q and o.sort on the lists themselves', async () => {
    const a = await addList(t.app, alice.token, 'Alpha');
    const b = await addList(t.app, alice.token, 'beta');
    for (const l of [a, b]) await addItem(t.app, alice.token, l, ids['Allianz Arena']);
    for (const p of ['Viktualienmarkt', 'Olympiapark']) await addItem(t.app, alice.token, a, ids[p]);
    const page = (await req(t.app, 'GET', `/api/list/${a}?p.s=2&p.i=1`, { token: alice.token })).json();
    expect(page.items).toMatchObject({ total: 3, pageIndex: 1, pageSize: 2 });
    expect(names(page.items.list)).toEqual(['Olympiapark']);
    // a full page and a page past the end count the items; a page that is not full tells it
    expect((await req(t.app, 'GET', `/api/list/${a}?p.s=2&p.i=0`, { token: alice.token })).json().items).toMatchObject({ total: 3 });
    expect((await req(t.app, 'GET', `/api/list/${a}?p.s=2&p.i=5`, { token: alice.token })).json().items).toMatchObject({ total: 3, list: [] });
    expect((await req(t.app, 'GET', `/api/list/${a}?p.s=3&p.i=0`, { token: alice.token })).json().items).toMatchObject({ total: 3 });
    // each item says whether the viewer likes its place
    await req(t.app, 'POST', '/api/like/create', { token: alice.token, body: { placeId: ids.Olympiapark } });
    const liked = (await req(t.app, 'GET', `/api/list/${a}`, { token: alice.token })).json().items.list as { place: { name: string; liked: boolean } }[];
    expect(liked.map((i) => [i.place.name, i.place.liked])).toEqual([
      ['Allianz Arena', false],
      ['Viktualienmarkt', false],
      ['Olympiapark', true],
    ]);
    const sorted = (await req(t.app, 'GET', '/api/list/mine?f.kind=list&o.sort=name', { token: alice.token })).json();
    expect(sorted.list.map((l: { name: string }) => l.name).slice(0, 2)).toEqual(['Alpha', 'Bad input']);
    expect(
      (await req(t.app, 'GET', '/api/list/mine?f.q=BET', { token: alice.token })).json().list.map((l: { id: number }) => l.id),
    ).toEqual([b]);
  });
});

describe('"needs a location": setting an item’s coordinates', () => {
  it('an imported place of the caller gets the coordinates; someone else’s gets a private copy', async () => {
    const imported = (await importFile(t.app, alice.token, 'Title,Note,URL\nHidden café,Find the door,\n', 'x.csv')).json();
    const listId = imported.list.id;
    let detail = (await req(t.app, 'GET', `/api/list/${listId}`, { token: alice.token })).json();
    const item = detail.items.list[0];
    expect(item.place).toMatchObject({ needsLocation: true, latitude: null, distance: -1 });
    const set = await req(t.app, 'POST', `/api/list/${listId}/items/update/${item.id}`, {
      token: alice.token,
      location: SPOTS.marienplatz,
      body: { location: { latitude: 48.1366, longitude: 11.5771 } },
    });
    expect(set.statusCode).toBe(200);
    detail = set.json();
    expect(detail.items.list[0]).toMatchObject({
      note: 'Find the door',
      place: { id: item.place.id, needsLocation: false, latitude: 48.1366, longitude: 11.5771 },
    });
    expect(detail.items.list[0].place.distance).toBeGreaterThan(0);

    // Bob's public place in Alice's list: Alice's coordinates do not move Bob's place
    await addItem(t.app, alice.token, listId, ids.Olympiapark);
    detail = (await req(t.app, 'GET', `/api/list/${listId}`, { token: alice.token })).json();
    const other = detail.items.list[1];
    const moved = (
      await req(t.app, 'POST', `/api/list/${listId}/items/update/${other.id}`, {
        token: alice.token,
        body: { location: { latitude: 48.2, longitude: 11.6 } },
      })
    ).json();
    expect(moved.items.list[1].place).toMatchObject({
      name: 'Olympiapark',
      latitude: 48.2,
      longitude: 11.6,
      visibility: { id: 1 },
      creatorId: alice.user.id,
    });
    expect(moved.items.list[1].place.id).not.toBe(ids.Olympiapark);
    expect((await req(t.app, 'GET', `/api/place/${ids.Olympiapark}`, { token: bob.token })).json()).toMatchObject({
      latitude: SPOTS.olympiapark.lat,
    });
  });
});

describe("two users: B never reads or changes A's private list or its items", () => {
  let listId: number;
  let itemId: number;
  beforeAll(async () => {
    listId = await addList(t.app, alice.token, 'Secret plans');
    const d = await addItem(t.app, alice.token, listId, ids.Viktualienmarkt, 'Meet X here');
    itemId = d.items.list[0].id;
  });

  it('every call on the list or its items answers 404 error.list.notfound, and nothing changes', async () => {
    for (const [method, url, body] of [
      ['GET', `/api/list/${listId}`, undefined],
      ['POST', `/api/list/update/${listId}`, { name: 'Mine now' }],
      ['DELETE', `/api/list/delete/${listId}`, undefined],
      ['POST', `/api/list/${listId}/items/add`, { placeId: ids.Olympiapark }],
      ['POST', `/api/list/${listId}/items/update/${itemId}`, { note: 'changed' }],
      ['DELETE', `/api/list/${listId}/items/${itemId}`, undefined],
      ['POST', `/api/list/${listId}/items/reorder`, { itemIds: [itemId] }],
      ['GET', `/api/list/${listId}/export?format=csv`, undefined],
      ['GET', `/api/list/${listId}/shares`, undefined],
      ['POST', `/api/list/objectionable/${listId}`, { reason: 'x' }],
      ['POST', '/api/share', { listId, public: true }],
    ] as const) {
      const res = await req(t.app, method, url, { token: bob.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toEqual({ key: 'error.list.notfound' });
    }
    for (const type of ['mine', 'shared', 'public']) {
      const lists = (await req(t.app, 'GET', `/api/list/${type}`, { token: bob.token })).json().list;
      expect(
        lists.map((l: { id: number }) => l.id),
        type,
      ).not.toContain(listId);
    }
    const own = (await req(t.app, 'GET', `/api/list/${listId}`, { token: alice.token })).json();
    expect(own).toMatchObject({ name: 'Secret plans', itemCount: 1, items: { list: [{ id: itemId, note: 'Meet X here' }] } });
  });

  it("B's item ids do not reach into A's list through B's own list", async () => {
    const bobs = await addList(t.app, bob.token, 'Bob');
    const res = await req(t.app, 'POST', `/api/list/${bobs}/items/update/${itemId}`, { token: bob.token, body: { note: 'sneaky' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ key: 'error.list.item.notfound' });
    expect((await req(t.app, 'DELETE', `/api/list/${bobs}/items/${itemId}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'POST', `/api/list/${bobs}/items/reorder`, { token: bob.token, body: { itemIds: [itemId] } })).json()).toEqual(
      {
        key: 'error.list.reorder',
      },
    );
    const own = (await req(t.app, 'GET', `/api/list/${listId}`, { token: alice.token })).json();
    expect(own.items.list[0].note).toBe('Meet X here');
  });

  it("A's private imported places stay hidden from B", async () => {
    const imported = (
      await importFile(t.app, alice.token, 'Title,Note,URL\nMy doctor,,https://maps.google.com/?q=48.15,11.55\n', 'x.csv')
    ).json();
    const placeId = (await req(t.app, 'GET', `/api/list/${imported.list.id}`, { token: alice.token })).json().items.list[0].place.id;
    expect((await req(t.app, 'GET', `/api/place/${placeId}`, { token: bob.token })).statusCode).toBe(404);
    const add = await req(t.app, 'POST', `/api/list/${await addList(t.app, bob.token, 'x')}/items/add`, {
      token: bob.token,
      body: { placeId },
    });
    expect(add.json()).toEqual({ key: 'error.place.notfound' });
  });
});

describe('visibility (SPEC §3): 255 is public and read-only for others; 4/32/64 read like private', () => {
  it('a public list: under /api/list/public, readable and exportable by B, changed only by A (403 error.list.readonly)', async () => {
    const listId = await addList(t.app, alice.token, 'Best of Munich', 255);
    const d = await addItem(t.app, alice.token, listId, ids.Viktualienmarkt, 'Go early');
    const itemId = d.items.list[0].id;
    const pub = (await req(t.app, 'GET', '/api/list/public', { token: bob.token })).json();
    expect(pub.list.find((l: { id: number }) => l.id === listId)).toMatchObject({
      name: 'Best of Munich',
      editable: false,
      owner: { id: alice.user.id },
      itemCount: 1,
    });
    const read = (await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).json();
    expect(read).toMatchObject({ editable: false, items: { list: [{ note: 'Go early' }] } });
    for (const [method, url, body] of [
      ['POST', `/api/list/update/${listId}`, { name: 'Mine now' }],
      ['DELETE', `/api/list/delete/${listId}`, undefined],
      ['POST', `/api/list/${listId}/items/add`, { placeId: ids.Olympiapark }],
      ['POST', `/api/list/${listId}/items/update/${itemId}`, { note: 'changed' }],
      ['DELETE', `/api/list/${listId}/items/${itemId}`, undefined],
      ['POST', `/api/list/${listId}/items/reorder`, { itemIds: [itemId] }],
      ['GET', `/api/list/${listId}/shares`, undefined],
      ['POST', '/api/share', { listId, public: true }],
    ] as const) {
      const res = await req(t.app, method, url, { token: bob.token, body });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toEqual({ key: 'error.list.readonly' });
    }
    expect((await req(t.app, 'GET', `/api/list/${listId}/export?format=gpx`, { token: bob.token })).statusCode).toBe(200);
    const report = await req(t.app, 'POST', `/api/list/objectionable/${listId}`, { token: bob.token, body: { reason: 'offensive' } });
    expect(report.json()).toEqual({ ok: true });
    const rows = await t.database.db.select().from(objectionableReports).where(eq(objectionableReports.resourceId, listId));
    expect(rows).toMatchObject([{ resource: 'list', reporterId: bob.user.id }]);
  });

  it('friends (4), groups (32), followers (64): nobody but the owner until relations exist', async () => {
    for (const visibility of [4, 32, 64]) {
      const listId = await addList(t.app, alice.token, `Level ${visibility}`, visibility);
      expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(404);
      const pub = (await req(t.app, 'GET', '/api/list/public', { token: bob.token })).json().list;
      expect(pub.map((l: { id: number }) => l.id)).not.toContain(listId);
      expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: alice.token })).json().visibility).toEqual({ id: visibility });
    }
  });

  it('a public list made private again disappears for B', async () => {
    const listId = await addList(t.app, alice.token, 'Briefly public', 255);
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(200);
    await req(t.app, 'POST', `/api/list/update/${listId}`, { token: alice.token, body: { visibility: { id: 1 } } });
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(404);
  });
});

describe('like lists through the list calls', () => {
  it('renaming keeps a like list addressable: no slash; a taken name is 409', async () => {
    await req(t.app, 'POST', '/api/like/create', { token: alice.token, body: { placeId: ids.Viktualienmarkt, name: 'Food' } });
    await req(t.app, 'POST', '/api/like/create', { token: alice.token, body: { placeId: ids.Olympiapark, name: 'Sport' } });
    const food = (await req(t.app, 'GET', '/api/list/mine?f.kind=likes&f.q=food', { token: alice.token })).json().list[0];
    const slash = await req(t.app, 'POST', `/api/list/update/${food.id}`, { token: alice.token, body: { name: 'Food/Drink' } });
    expect(slash.statusCode).toBe(400);
    expect(slash.json().fields).toEqual([{ path: 'body.name', key: 'FORM.ERROR.PATTERN' }]);
    const taken = await req(t.app, 'POST', `/api/list/update/${food.id}`, { token: alice.token, body: { name: 'SPORT' } });
    expect(taken.statusCode).toBe(409);
    expect((await req(t.app, 'POST', `/api/list/update/${food.id}`, { token: alice.token, body: { name: 'Eat' } })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', '/api/like/eat', { token: alice.token })).json().total).toBe(1);
  });
});

describe('deleting an account', () => {
  it('takes its lists, shares and private places; its public places stay without a creator', async () => {
    const dave = await signup(t.app);
    const publicPlace = await addPlace(t.app, dave.token, 'Dave’s public café', SPOTS.marienplatz);
    const privatePlace = await addPlace(t.app, dave.token, 'Dave’s home', SPOTS.marienplatz, { visibility: { id: 1 } });
    const listId = await addList(t.app, dave.token, 'Dave’s list');
    await addItem(t.app, dave.token, listId, privatePlace, 'home');
    await req(t.app, 'POST', '/api/share', { token: dave.token, body: { listId, userIds: [bob.user.id] } });
    await req(t.app, 'POST', '/api/like/create', { token: bob.token, body: { placeId: publicPlace } });
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(200);

    const { PASSWORD } = await import('../../../test/helpers.ts');
    expect((await req(t.app, 'DELETE', '/api/myprofile/delete', { token: dave.token, body: { password: PASSWORD } })).statusCode).toBe(200);
    expect((await req(t.app, 'GET', `/api/list/${listId}`, { token: bob.token })).statusCode).toBe(404);
    expect((await req(t.app, 'GET', `/api/place/${privatePlace}`, { token: alice.token })).statusCode).toBe(404);
    const kept = (await req(t.app, 'GET', `/api/place/${publicPlace}`, { token: bob.token })).json();
    expect(kept).toMatchObject({ name: 'Dave’s public café', creatorId: null, liked: true });
  });
});
