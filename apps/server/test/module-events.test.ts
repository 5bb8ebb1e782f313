import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventMap, EventName } from '../src/platform/events/event-map.ts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from './helpers.ts';
import { addList, addPlace, SPOTS } from './place-helpers.ts';

/** Modules tell the others what changed through the bus: each write emits its precise event. */
let t: TestApp;
let ute: LoggedIn;
const seen: [EventName, unknown][] = [];
beforeAll(async () => {
  t = await buildTestApp();
  for (const name of ['like.changed', 'list.changed', 'place.changed', 'profile.changed'] as const) {
    t.app.events.on(name, (p: EventMap[typeof name]) => void seen.push([name, p]));
  }
  ute = await signup(t.app);
});
afterAll(() => t.close());

const emitted = async (name: EventName, write: () => Promise<{ statusCode: number; body: string }>) => {
  seen.length = 0;
  const res = await write();
  expect(res.statusCode, res.body).toBe(200);
  return seen.filter(([n]) => n === name).map(([, p]) => p);
};

describe('module events', () => {
  it('a like and its removal: like.changed with the user and the place', async () => {
    const placeId = await addPlace(t.app, ute.token, 'Viktualienmarkt', SPOTS.marienplatz);
    const like = () => req(t.app, 'POST', '/api/like/create', { token: ute.token, body: { placeId } });
    expect(await emitted('like.changed', like)).toEqual([{ userId: ute.user.id, placeId }]);
    const unlike = () => req(t.app, 'POST', '/api/like/remove', { token: ute.token, body: { placeId } });
    expect(await emitted('like.changed', unlike)).toEqual([{ userId: ute.user.id, placeId }]);
  });

  it('a place edited or deleted: place.changed', async () => {
    const placeId = await addPlace(t.app, ute.token, 'Hofgarten', SPOTS.marienplatz);
    const edit = () => req(t.app, 'POST', `/api/place/update/${placeId}`, { token: ute.token, body: { name: 'Hofgarten Café' } });
    expect(await emitted('place.changed', edit)).toEqual([{ placeId }]);
    const remove = () => req(t.app, 'DELETE', `/api/place/delete/${placeId}`, { token: ute.token });
    expect(await emitted('place.changed', remove)).toEqual([{ placeId }]);
  });

  it('a list renamed: list.changed with its owner; a refused write emits nothing', async () => {
    const listId = await addList(t.app, ute.token, 'Weekend');
    const rename = () => req(t.app, 'POST', `/api/list/update/${listId}`, { token: ute.token, body: { name: 'Long weekend' } });
    expect(await emitted('list.changed', rename)).toEqual([{ listId, ownerId: ute.user.id }]);
    const other = await signup(t.app);
    seen.length = 0;
    const refused = await req(t.app, 'POST', `/api/list/update/${listId}`, { token: other.token, body: { name: 'Mine now' } });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(seen.filter(([n]) => n === 'list.changed')).toEqual([]);
  });

  it('a profile update: profile.changed', async () => {
    const update = () => req(t.app, 'POST', '/api/myprofile/update', { token: ute.token, body: { email: ute.email, nickname: { value: 'Ute' } } });
    expect(await emitted('profile.changed', update)).toEqual([{ userId: ute.user.id }]);
  });
});
