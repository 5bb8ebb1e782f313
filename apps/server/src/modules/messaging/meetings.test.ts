import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jwtVerify, decodeProtectedHeader } from 'jose';
import { ErrorKey, type Message, type MeetingJoin } from '@spotlist/contracts';
import { buildTestApp, req, signup, type LoggedIn, type TestApp } from '../../../test/helpers.ts';
import { startFakeTranslator, type FakeTranslator } from '../../../test/fakes/libretranslate.ts';

/** Meetings with token authentication (a self-hosted Jitsi), and translation against a local LibreTranslate. */
const SECRET = 'jitsi-test-secret-0123456789';
let t: TestApp;
let translator: FakeTranslator;
beforeAll(async () => {
  translator = await startFakeTranslator({ apiKey: 'lt-key' });
  t = await buildTestApp({
    config: {
      MEETING_HOST: 'meet.example.org',
      JITSI_APP_ID: 'spotlist',
      JITSI_APP_SECRET: SECRET,
      TRANSLATION_URL: `${translator.url}/`,
      TRANSLATION_API_KEY: 'lt-key',
      PUBLIC_URL: 'https://app.spotlist.test',
    },
  });
});
afterAll(async () => {
  await t.close();
  await translator.close();
});

const post = (u: LoggedIn, url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  req(t.app, 'POST', url, { token: u.token, body, headers });
const get = (u: LoggedIn, url: string) => req(t.app, 'GET', url, { token: u.token });

async function pair(): Promise<[LoggedIn, LoggedIn, number]> {
  const [a, b] = [await signup(t.app, 1, { nickname: { value: 'Anna' } }), await signup(t.app, 1, { nickname: { value: 'Ben' } })];
  await post(a, `/api/userrelation/match/private/${b.user.id}`);
  await post(b, `/api/userrelation/match/private/${a.user.id}`);
  const conv = await post(a, '/api/conversation/add', { memberIds: [b.user.id] });
  return [a, b, conv.json().id as number];
}

describe('video meetings (SPEC §1, §9)', () => {
  it('a call started from a conversation posts its card; members get the room and a JWT (moderator: the creator only)', async () => {
    const [a, b, id] = await pair();
    const res = await post(a, `/api/conversation/${id}/meeting`, {});
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json() as Message;
    expect(card).toMatchObject({ seq: 1, text: '', meeting: { conversationId: id, title: null, startsAt: null, createdBy: a.user.id } });
    const meetingId = card.meeting!.id;
    const asA = (await get(a, `/api/meeting/${meetingId}/join`)).json() as MeetingJoin;
    const asB = (await get(b, `/api/meeting/${meetingId}/join`)).json() as MeetingJoin;
    expect(asA).toMatchObject({ domain: 'meet.example.org', publicHost: false, displayName: 'Anna' });
    // unguessable and lowercase: 128 random bits, the same room for both
    expect(asA.roomName).toMatch(/^spotlist-[0-9a-f]{32}$/);
    expect(asB.roomName).toBe(asA.roomName);
    const key = new TextEncoder().encode(SECRET);
    const { payload: pa } = await jwtVerify(asA.jwt!, key, { issuer: 'spotlist', audience: 'jitsi', subject: 'meet.example.org' });
    const { payload: pb } = await jwtVerify(asB.jwt!, key, { issuer: 'spotlist', audience: 'jitsi', subject: 'meet.example.org' });
    expect(decodeProtectedHeader(asA.jwt!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(pa).toMatchObject({
      room: asA.roomName,
      moderator: true,
      context: { user: { id: String(a.user.id), name: 'Anna', moderator: 'true' } },
    });
    expect(pb).toMatchObject({
      room: asA.roomName,
      moderator: false,
      context: { user: { id: String(b.user.id), name: 'Ben', moderator: 'false' } },
    });
    expect(pa.exp! - pa.iat!).toBe(4 * 3600);
    // a token signed with another secret is not ours
    await expect(jwtVerify(asA.jwt!, new TextEncoder().encode('another-secret-0123456789'))).rejects.toThrow();
  });

  it('only members join: others get 404, and a meeting needs a conversation of mine', async () => {
    const [a, , id] = await pair();
    const stranger = await signup(t.app);
    const meetingId = ((await post(a, `/api/conversation/${id}/meeting`, {})).json() as Message).meeting!.id;
    for (const url of [`/api/meeting/${meetingId}/join`, `/api/meeting/${meetingId}/ics`]) {
      const res = await get(stranger, url);
      expect([res.statusCode, res.json().key]).toEqual([404, ErrorKey.meetingNotFound]);
    }
    expect((await post(stranger, `/api/conversation/${id}/meeting`, {})).statusCode).toBe(404);
    for (const body of [{ startsAt: 'tomorrow' }, { title: 'x'.repeat(121) }, { room: 'mine' }]) {
      expect((await post(a, `/api/conversation/${id}/meeting`, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('a scheduled call has a title and a time, and an .ics for the calendar', async () => {
    const [a, b, id] = await pair();
    const card = (
      await post(a, `/api/conversation/${id}/meeting`, { title: 'Plan; the trip, together', startsAt: '2026-12-03T18:30:00+01:00' })
    ).json() as Message;
    expect(card.meeting).toMatchObject({ title: 'Plan; the trip, together', startsAt: '2026-12-03T17:30:00.000Z' });
    const ics = await get(b, `/api/meeting/${card.meeting!.id}/ics`);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="meeting-${card.meeting!.id}.ics"`);
    const lines = ics.body.split('\r\n');
    expect(lines).toContain('DTSTART:20261203T173000Z');
    expect(lines).toContain('DTEND:20261203T183000Z');
    expect(lines).toContain('SUMMARY:Plan\\; the trip\\, together');
    expect(lines).toContain(`URL:https://app.spotlist.test/meeting/${card.meeting!.id}`);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.every((l) => Buffer.byteLength(l) <= 75)).toBe(true);
  });
});

describe('translation (LibreTranslate API)', () => {
  it('translates a message into the reader’s app language, with the API key, and says so in the features', async () => {
    const [a, b, id] = await pair();
    const m = (await post(a, `/api/conversation/${id}/messages`, { text: 'Guten Morgen' })).json() as Message;
    expect((await get(b, '/api/messaging/features')).json()).toEqual({
      translation: true,
      meetingHost: 'meet.example.org',
      meetingJwt: true,
    });
    const en = await post(b, `/api/message/${m.id}/translate`);
    expect(en.json()).toEqual({ text: 'Good morning', language: 'en' });
    const fr = await post(b, `/api/message/${m.id}/translate`, {}, { 'app-language': 'fr' });
    expect(fr.json()).toEqual({ text: 'Bonjour', language: 'fr' });
    expect(translator.requests.at(-1)).toEqual({ q: 'Guten Morgen', source: 'auto', target: 'fr', format: 'text', api_key: 'lt-key' });
    // asked again: answered from memory, the provider is not asked twice
    const asked = translator.requests.length;
    expect((await post(b, `/api/message/${m.id}/translate`)).json().text).toBe('Good morning');
    expect(translator.requests.length).toBe(asked);
  });

  it('a provider failure is 503 error.translation.failed; a stranger cannot translate what is not theirs to read', async () => {
    const [a, b, id] = await pair();
    const m = (await post(a, `/api/conversation/${id}/messages`, { text: 'Where is the breakfast room?' })).json() as Message;
    translator.failNext(500);
    const failed = await post(b, `/api/message/${m.id}/translate`, {}, { 'app-language': 'de' });
    expect([failed.statusCode, failed.json().key]).toEqual([503, ErrorKey.translationFailed]);
    translator.failNext(429);
    expect((await post(b, `/api/message/${m.id}/translate`, {}, { 'app-language': 'de' })).statusCode).toBe(503);
    expect((await post(b, `/api/message/${m.id}/translate`, {}, { 'app-language': 'de' })).json().text).toBe('Wo ist der Frühstücksraum?');
    const stranger = await signup(t.app);
    expect((await post(stranger, `/api/message/${m.id}/translate`)).statusCode).toBe(404);
  });
});

describe('the meeting page’s content security policy', () => {
  it('allows the meeting host on /meeting/{id} only', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'spotlist-web-'));
    fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Spotlist</title>');
    const web = await buildTestApp({ config: { MEETING_HOST: 'meet.example.org' }, webRoot: root });
    try {
      const meeting = await req(web.app, 'GET', '/meeting/12');
      expect(meeting.statusCode).toBe(200);
      expect(meeting.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(meeting.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://meet.example.org");
      expect(csp).toContain('frame-src https://meet.example.org');
      expect(csp).toContain("frame-ancestors 'none'");
      for (const other of ['/messages/12', '/', '/dashboard']) {
        const page = await req(web.app, 'GET', other);
        expect(page.statusCode).toBe(200);
        expect(String(page.headers['content-security-policy'])).not.toContain('meet.example.org');
      }
      expect((await req(web.app, 'GET', '/meeting/abc')).statusCode).toBe(404);
    } finally {
      await web.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
