import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountType, ErrorKey, RelationType } from '@spotlist/contracts';
import { userRelations } from '../../platform/db/schema/index.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { addItem, addList, addPlace, SPOTS } from '../../../test/place-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (u: LoggedIn | null, url: string, body?: unknown) => req(t.app, 'POST', url, { token: u?.token, body });
const get = (u: LoggedIn | null, url: string) => req(t.app, 'GET', url, { token: u?.token });
const del = (u: LoggedIn, url: string, body: unknown) => req(t.app, 'DELETE', url, { token: u.token, body });
const match = (a: LoggedIn, b: LoggedIn, kind: 'private' | 'business' | 'both' = 'private') =>
  post(a, `/api/userrelation/match/${kind}/${b.user.id}`);
const befriend = async (a: LoggedIn, b: LoggedIn) => {
  expect((await match(a, b)).statusCode).toBe(200);
  expect((await match(b, a)).json().matched).toBe(true);
};
const relationRows = async () => (await t.database.db.select().from(userRelations)).length;
const deleteOne = (u: LoggedIn, relatedUserId: number, relationtypeId: number, relationcategoryId: number | null = null) =>
  del(u, '/api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser', {
    relatedUserId,
    relationtypeId,
    relationcategoryId,
  });

describe('user relations: access and bad input', () => {
  it('answers 401 without a login on every route but the profile view', async () => {
    for (const [method, url] of [
      ['GET', '/api/userrelation/read/1'],
      ['POST', '/api/userrelation/nomatch/1'],
      ['POST', '/api/userrelation/match/both/1'],
      ['POST', '/api/userrelation/match/private/1'],
      ['POST', '/api/userrelation/match/business/1'],
      ['POST', '/api/userrelation/follow/1'],
      ['POST', '/api/userrelation/block/1'],
      ['DELETE', '/api/userrelation/deleteByRelatedUserIdForLoggedInUser'],
      ['DELETE', '/api/userrelation/deleteByRelatedUserIdRelationcategoryIdRelationtypeIdForLoggedInUser'],
      ['GET', '/api/userrelation/list'],
      ['GET', '/api/userrelation/counts'],
      ['GET', '/api/userrelation/suggestions'],
      ['GET', '/api/userrelation/settings'],
      ['GET', '/api/userrelationcategory/list'],
      ['GET', '/api/usergroup/list'],
      ['POST', '/api/usergroup/add'],
      ['POST', '/api/usergroup/1/member'],
    ] as const) {
      const res = await req(t.app, method, url, { body: method === 'GET' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses myself, unknown users, bad ids, categories and types with a key, writing nothing', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const before = await relationRows();
    const cases: [() => Promise<{ statusCode: number; json(): { key: string } }>, number, string][] = [
      [() => match(a, a), 400, ErrorKey.relationSelf],
      [() => post(a, `/api/userrelation/follow/${a.user.id}`), 400, ErrorKey.relationSelf],
      [() => post(a, `/api/userrelation/block/${a.user.id}`), 400, ErrorKey.relationSelf],
      [() => post(a, `/api/userrelation/nomatch/${a.user.id}`), 400, ErrorKey.relationSelf],
      [() => post(a, '/api/userrelation/match/private/99999999'), 404, ErrorKey.userNotFound],
      [() => post(a, '/api/userrelation/follow/99999999'), 404, ErrorKey.userNotFound],
      [() => get(a, '/api/userrelation/read/99999999'), 404, ErrorKey.userNotFound],
      [() => post(a, '/api/userrelation/match/private/abc'), 400, ErrorKey.validation],
      [() => post(a, '/api/userrelation/match/friends/1'), 404, ErrorKey.routeNotFound],
      // two private users: matching as business makes no sense
      [() => match(a, b, 'business'), 400, ErrorKey.relationBusinessMatch],
      [() => match(a, b, 'both'), 400, ErrorKey.relationBusinessMatch],
      [() => deleteOne(a, b.user.id, 9), 400, ErrorKey.relationType],
      [() => deleteOne(a, b.user.id, RelationType.match, 7), 400, ErrorKey.relationCategory],
      [() => deleteOne(a, b.user.id, RelationType.follow), 404, ErrorKey.relationNotFound],
      [() => deleteOne(a, a.user.id, RelationType.follow), 400, ErrorKey.relationSelf],
      [
        () => del(a, '/api/userrelation/deleteByRelatedUserIdForLoggedInUser', { relatedUserId: b.user.id }),
        404,
        ErrorKey.relationNotFound,
      ],
      [() => del(a, '/api/userrelation/deleteByRelatedUserIdForLoggedInUser', { relatedUserId: 'x' }), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelation/list?f.relationtype=cousin'), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelation/list?f.relationcategory=3'), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelation/list?f.relationtype=friend&f.incoming=true'), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelation/list?f.owner=1'), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelation/suggestions?size=500'), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelation/suggestions?kind=robots'), 400, ErrorKey.validation],
      [() => get(a, '/api/userrelationcategory/3'), 404, ErrorKey.relationCategory],
      [() => post(a, '/api/userrelation/settings', { discoverable: 'yes' }), 400, ErrorKey.validation],
      [() => post(a, '/api/usergroup/add', { name: 'x'.repeat(61) }), 400, ErrorKey.validation],
      [() => post(a, '/api/usergroup/update/1', {}), 400, ErrorKey.validation],
      [() => post(a, '/api/usergroup/99999999/member', { userId: b.user.id }), 404, ErrorKey.notFound],
      [() => post(a, '/api/usergroup/1/member', { userId: 'b' }), 400, ErrorKey.validation],
      [() => req(t.app, 'DELETE', '/api/usergroup/99999999/member/1', { token: a.token }), 404, ErrorKey.notFound],
      [() => get(a, '/api/user/profile/99999999'), 404, ErrorKey.userNotFound],
    ];
    for (const [call, status, key] of cases) {
      const res = await call();
      expect(res.statusCode, String(call)).toBe(status);
      expect(res.json().key, String(call)).toBe(key);
    }
    expect(await relationRows()).toBe(before);
  });

  it('reads the two seeded categories', async () => {
    const a = await signup(t.app);
    expect((await get(a, '/api/userrelationcategory/list')).json().list).toEqual([
      { id: 1, key: 'private' },
      { id: 2, key: 'business' },
    ]);
    expect((await get(a, '/api/userrelationcategory/2')).json()).toEqual({ id: 2, key: 'business' });
  });
});

describe('matching', () => {
  it('a yes waits, the second yes makes friends in that category, and the events say so', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    const seen: string[] = [];
    const offs = (['relation.requested', 'relation.matched'] as const).map((name) =>
      t.app.events.on(name, (p) => seen.push(`${name}:${p.userId}->${p.relatedUserId}:${p.categoryId}`)),
    );
    const first = (await match(a, b)).json();
    expect(first).toMatchObject({ matched: false, friend: false, pendingCategories: [1], relations: [{ type: 'match', category: 1 }] });
    // b does not learn of a's yes from the read: only their own rows and follows show
    expect((await get(b, `/api/userrelation/read/${a.user.id}`)).json()).toMatchObject({ relations: [], friend: false });
    const second = (await match(b, a)).json();
    expect(second).toMatchObject({ matched: true, friend: true, friendCategories: [1], pendingCategories: [] });
    expect((await get(a, `/api/userrelation/read/${b.user.id}`)).json()).toMatchObject({
      friend: true,
      relations: [{ type: 'friend', category: 1 }],
    });
    // a second yes in the same category changes nothing
    expect((await match(a, b)).json()).toMatchObject({ matched: false, friend: true });
    expect(seen).toEqual([`relation.requested:${a.user.id}->${b.user.id}:1`, `relation.matched:${b.user.id}->${a.user.id}:1`]);
    offs.forEach((off) => off());
    // friends both ways, mutual, in the list
    const friends = (await get(a, '/api/userrelation/list?f.relationtype=friend')).json();
    expect(friends.list.map((r: { user: { id: number }; mutual: boolean }) => [r.user.id, r.mutual])).toEqual([[b.user.id, true]]);
    expect((await get(b, '/api/userrelation/counts')).json()).toMatchObject({ friends: 1, pending: 0 });
  });

  it('business matching between a blogger and a business; both categories at once', async () => {
    const blogger = await signup(t.app, AccountType.blogger);
    const business = await signup(t.app, AccountType.business);
    expect((await match(blogger, business, 'both')).json()).toMatchObject({ pendingCategories: [1, 2], businessMatchPossible: true });
    expect((await match(business, blogger, 'business')).json()).toMatchObject({ matched: true, friendCategories: [2] });
    expect((await get(blogger, `/api/userrelation/read/${business.user.id}`)).json()).toMatchObject({
      friendCategories: [2],
      pendingCategories: [1],
    });
    // the pending private yes is listed as not mutual, cancelled by its type and category
    expect((await get(blogger, '/api/userrelation/list?f.relationtype=match&f.mutual=false')).json().total).toBe(1);
    expect((await deleteOne(blogger, business.user.id, RelationType.match, 1)).json().pendingCategories).toEqual([]);
  });

  it('a no is remembered, takes back my yes, and is undone by deleting it', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    await match(a, b);
    expect((await post(a, `/api/userrelation/nomatch/${b.user.id}`)).json()).toMatchObject({ noMatch: true, pendingCategories: [] });
    // b's yes now waits: a said no
    expect((await match(b, a)).json()).toMatchObject({ matched: false });
    expect((await get(a, '/api/userrelation/list?f.relationtype=nomatch')).json().total).toBe(1);
    expect((await deleteOne(a, b.user.id, RelationType.nomatch)).json().noMatch).toBe(false);
    // and a later yes of a's completes the match
    expect((await match(a, b)).json().matched).toBe(true);
  });

  it('follow is one way; followers are listed with f.incoming', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    expect((await post(a, `/api/userrelation/follow/${b.user.id}`)).json()).toMatchObject({ following: true, followedBy: false });
    expect((await get(b, `/api/userrelation/read/${a.user.id}`)).json()).toMatchObject({ following: false, followedBy: true });
    const followers = (await get(b, '/api/userrelation/list?f.relationtype=follow&f.incoming=true')).json();
    expect(followers.list.map((r: { user: { id: number }; mutual: boolean }) => [r.user.id, r.mutual])).toEqual([[a.user.id, false]]);
    // b follows back: mutual on both sides
    await post(b, `/api/userrelation/follow/${a.user.id}`);
    expect((await get(b, '/api/userrelation/list?f.relationtype=follow&f.incoming=true')).json().list[0].mutual).toBe(true);
    expect((await get(a, '/api/userrelation/list?f.relationtype=follow&f.mutual=true')).json().total).toBe(1);
    await deleteOne(b, a.user.id, RelationType.follow);
    expect((await get(b, '/api/userrelation/counts')).json()).toMatchObject({ followers: 1, following: 0 });
    expect((await deleteOne(a, b.user.id, RelationType.follow)).json().following).toBe(false);
  });

  it('a block removes every relation both ways and refuses matches and follows from either side', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    await befriend(a, b);
    await post(b, `/api/userrelation/follow/${a.user.id}`);
    const g = (await post(a, '/api/usergroup/add', { name: 'Climbing' })).json();
    await post(a, `/api/usergroup/${g.id}/member`, { userId: b.user.id });
    const blocked: number[] = [];
    const off = t.app.events.on('relation.blocked', (p) => blocked.push(p.relatedUserId));
    expect((await post(a, `/api/userrelation/block/${b.user.id}`)).json()).toMatchObject({
      blocked: true,
      friend: false,
      followedBy: false,
    });
    off();
    expect(blocked).toEqual([b.user.id]);
    expect((await get(b, '/api/userrelation/counts')).json()).toMatchObject({ friends: 0, following: 0 });
    expect((await get(a, `/api/usergroup/${g.id}`)).json().members).toEqual([]);
    // the blocked user: "no such user"; the blocker: blocked, unblock first
    for (const res of [
      await match(b, a),
      await post(b, `/api/userrelation/follow/${a.user.id}`),
      await get(b, `/api/userrelation/read/${a.user.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().key).toBe(ErrorKey.userNotFound);
    }
    expect((await get(b, `/api/user/profile/${a.user.id}`)).statusCode).toBe(404);
    // the blocker still sees the bare profile (to unblock from): no name, no lists
    const seen = (await get(a, `/api/user/profile/${b.user.id}`)).json();
    expect(seen).toMatchObject({ lists: [], relation: { blocked: true } });
    const mine = await match(a, b);
    expect([mine.statusCode, mine.json().key]).toEqual([409, ErrorKey.relationBlocked]);
    // unblocking restores nothing but the possibility
    expect((await deleteOne(a, b.user.id, RelationType.block)).json()).toMatchObject({ blocked: false, friend: false });
    expect((await get(b, `/api/user/profile/${a.user.id}`)).statusCode).toBe(200);
  });

  it('deleting all my relations to someone ends a friendship on both sides', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    await befriend(a, b);
    await post(a, `/api/userrelation/follow/${b.user.id}`);
    expect((await del(a, '/api/userrelation/deleteByRelatedUserIdForLoggedInUser', { relatedUserId: b.user.id })).statusCode).toBe(200);
    expect((await get(b, `/api/userrelation/read/${a.user.id}`)).json()).toMatchObject({ friend: false, followedBy: false, relations: [] });
  });
});

describe('groups', () => {
  it('named sets of my friends: create, rename, members, and refusals', async () => {
    const a = await signup(t.app);
    const f = await signup(t.app);
    const stranger = await signup(t.app);
    await befriend(a, f);
    const g = await post(a, '/api/usergroup/add', { name: 'Family' });
    expect(g.statusCode).toBe(200);
    const id = g.json().id;
    expect((await post(a, '/api/usergroup/add', { name: ' family ' })).json().key).toBe(ErrorKey.duplicate);
    expect((await post(a, '/api/usergroup/add', { name: '' })).json().key).toBe(ErrorKey.validation);
    const added = await post(a, `/api/usergroup/${id}/member`, { userId: f.user.id });
    expect(added.json().members.map((m: { id: number }) => m.id)).toEqual([f.user.id]);
    const refused = await post(a, `/api/usergroup/${id}/member`, { userId: stranger.user.id });
    expect([refused.statusCode, refused.json().key]).toEqual([400, ErrorKey.groupNotFriend]);
    // another user's group is not found
    expect((await post(f, `/api/usergroup/${id}/member`, { userId: a.user.id })).statusCode).toBe(404);
    expect((await post(f, `/api/usergroup/update/${id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await post(a, `/api/usergroup/update/${id}`, { name: 'Close family' })).json().name).toBe('Close family');
    // unfriending takes the member out
    await deleteOne(a, f.user.id, RelationType.friend, 1);
    expect((await get(a, `/api/usergroup/${id}`)).json().members).toEqual([]);
    expect((await req(t.app, 'DELETE', `/api/usergroup/delete/${id}`, { token: a.token })).statusCode).toBe(200);
    expect((await get(a, '/api/usergroup/list')).json().list).toEqual([]);
  });
});

describe('visibility levels 1, 4, 32, 64, 255 (SPEC §3)', () => {
  it('each object at each level is read by exactly the viewers the level names', async () => {
    const owner = await signup(t.app);
    const friend = await signup(t.app);
    const follower = await signup(t.app);
    const member = await signup(t.app);
    const other = await signup(t.app);
    const blocked = await signup(t.app);
    await befriend(owner, friend);
    await befriend(owner, member);
    await post(follower, `/api/userrelation/follow/${owner.user.id}`);
    const group = (await post(owner, '/api/usergroup/add', { name: 'Inner circle' })).json();
    await post(owner, `/api/usergroup/${group.id}/member`, { userId: member.user.id });
    await post(owner, `/api/userrelation/block/${blocked.user.id}`);

    const levels = [1, 4, 32, 64, 255] as const;
    const objects: Record<number, { list: number; place: number; itemPlace: number }> = {};
    for (const level of levels) {
      const list = await addList(t.app, owner.token, `Level ${level}`, level);
      const itemPlace = await addPlace(t.app, owner.token, `In list ${level}`, SPOTS.marienplatz, { visibility: { id: 1 } });
      await addItem(t.app, owner.token, list, itemPlace);
      const place = await addPlace(t.app, owner.token, `Place ${level}`, SPOTS.olympiapark, { visibility: { id: level } });
      objects[level] = { list, place, itemPlace };
    }
    const profile = async (viewer: LoggedIn | null) => await get(viewer, `/api/user/profile/${owner.user.id}`);
    await post(owner, '/api/myprofile/update', {
      email: owner.email,
      nickname: { value: 'Owner' },
      accountType: { id: AccountType.private },
      name: { firstname: 'Olga', lastname: 'Owner', visibility: 1 },
    });

    const viewers: [string, LoggedIn | null, readonly number[]][] = [
      ['owner', owner, [1, 4, 32, 64, 255]],
      ['friend', friend, [4, 64, 255]],
      ['follower', follower, [64, 255]],
      ['group member', member, [4, 32, 64, 255]],
      ['other user', other, [255]],
      ['blocked', blocked, []],
      ['anonymous', null, []],
    ];
    for (const level of levels) {
      for (const [who, viewer, may] of viewers) {
        const can = may.includes(level);
        const tag = `${who} × level ${level}`;
        const list = await get(viewer, `/api/list/${objects[level].list}`);
        expect(list.statusCode === 200, `list: ${tag}`).toBe(can);
        if (can)
          expect(
            list.json().items.list.map((i: { place: { id: number } }) => i.place.id),
            `list item: ${tag}`,
          ).toEqual([objects[level].itemPlace]);
        // the private place of the list item: read as an item of a readable list only
        const item = await get(viewer, `/api/place/${objects[level].itemPlace}`);
        expect(item.statusCode === 200, `list item place: ${tag}`).toBe(can);
        // a public place stays in the catalogue for everyone logged in, blocked or not (decision 0029)
        const place = await get(viewer, `/api/place/${objects[level].place}`);
        expect(place.statusCode === 200, `place: ${tag}`).toBe(level === 255 ? viewer !== null : can);
        // the shared tab: lists a level or a share names me (not public ones, not my own)
        if (viewer && who !== 'owner') {
          const shared = (await get(viewer, '/api/list/shared?p.s=100')).json().list.map((l: { id: number }) => l.id);
          expect(shared.includes(objects[level].list), `shared tab: ${tag}`).toBe(can && level !== 255);
        }
      }
    }
    // the name, a profile field with its own level
    for (const level of levels) {
      await post(owner, '/api/myprofile/update', {
        email: owner.email,
        nickname: { value: 'Owner' },
        accountType: { id: AccountType.private },
        name: { firstname: 'Olga', lastname: 'Owner', visibility: level },
      });
      for (const [who, viewer, may] of viewers) {
        const res = await profile(viewer);
        if (who === 'blocked') {
          expect(res.statusCode, `profile: ${who}`).toBe(404);
          continue;
        }
        const shown = who === 'anonymous' ? level === 255 : may.includes(level);
        expect(res.json().name !== null, `name: ${who} × level ${level}`).toBe(shown);
        // the profile's lists are the ones the viewer may read
        const lists = res
          .json()
          .lists.map((l: { visibility: number }) => l.visibility)
          .sort((x: number, y: number) => x - y);
        expect(lists, `profile lists: ${who}`).toEqual(who === 'anonymous' ? [255] : [...may].sort((x, y) => x - y));
      }
    }
  });

  it('a cached read ends with the relation that allowed it, on the next request', async () => {
    const owner = await signup(t.app);
    const friend = await signup(t.app);
    await befriend(owner, friend);
    const place = await addPlace(t.app, owner.token, 'Friends only', SPOTS.nymphenburg, { visibility: { id: 4 } });
    expect((await get(friend, `/api/place/${place}`)).statusCode).toBe(200);
    expect((await get(friend, `/api/place/${place}`)).statusCode).toBe(200);
    await deleteOne(owner, friend.user.id, RelationType.friend, 1);
    expect((await get(friend, `/api/place/${place}`)).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('holds my relations and groups', async () => {
    const a = await signup(t.app);
    const b = await signup(t.app);
    await befriend(a, b);
    await post(a, '/api/usergroup/add', { name: 'Hikers' });
    const exported = (await get(a, '/api/myprofile/export')).json();
    expect(exported.relations).toEqual([expect.objectContaining({ type: 'friend', category: 1, userId: b.user.id })]);
    expect(exported.groups).toEqual([expect.objectContaining({ name: 'Hikers', members: [] })]);
  });
});
