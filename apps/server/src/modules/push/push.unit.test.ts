import { describe, expect, it } from 'vitest';
import { APP_LANGUAGES, DEFAULT_PUSH_SETTINGS, type PushSettings } from '@spotlist/contracts';
import { endpointProblem, isPrivateAddress } from '../../integrations/webpush/address-guard.ts';
import webpush from 'web-push';
import { retryAfterSeconds, VAPID_VALID_SECONDS, vapidAuthorization } from '../../integrations/webpush/client.ts';
import { isTimeZone, quietState } from './settings.service.ts';
import { PUSH_TEXTS } from './texts.ts';
import { preview } from './notices.service.ts';
import { jobIdOf } from './push.jobs.ts';
import { backoffSeconds } from './delivery.service.ts';

const quiet = (start: string, end: string, mode: 'silent' | 'hold', timeZone = 'Europe/Berlin'): PushSettings => ({
  ...DEFAULT_PUSH_SETTINGS,
  quietHours: { start, end, mode },
  timeZone,
});

describe('quiet hours', () => {
  // 23:30 in Berlin in winter (UTC+1)
  const lateNight = new Date('2026-01-15T22:30:00Z');
  it('span midnight when the end is before the start, in the user’s zone', () => {
    expect(quietState(quiet('22:00', '07:00', 'silent'), lateNight)).toEqual({ mode: 'silent' });
    expect(quietState(quiet('22:00', '07:00', 'silent'), new Date('2026-01-15T05:30:00Z'))).toEqual({ mode: 'silent' });
    expect(quietState(quiet('22:00', '07:00', 'silent'), new Date('2026-01-15T06:30:00Z'))).toEqual({ mode: 'none' });
    // the same instant is 17:30 in New York: not quiet there
    expect(quietState(quiet('22:00', '07:00', 'silent', 'America/New_York'), lateNight)).toEqual({ mode: 'none' });
  });
  it('hold until the end of the quiet hours', () => {
    expect(quietState(quiet('22:00', '07:00', 'hold'), lateNight)).toEqual({ mode: 'hold', until: new Date('2026-01-16T06:00:00Z') });
    expect(quietState(quiet('12:00', '14:00', 'hold'), new Date('2026-07-01T11:15:00Z'))).toEqual({
      mode: 'hold',
      until: new Date('2026-07-01T12:00:00Z'),
    });
  });
  it('none without quiet hours, or with an empty span', () => {
    expect(quietState(DEFAULT_PUSH_SETTINGS, lateNight)).toEqual({ mode: 'none' });
    expect(quietState(quiet('08:00', '08:00', 'hold'), lateNight)).toEqual({ mode: 'none' });
  });
  it('know IANA zones only', () => {
    for (const tz of ['Europe/Berlin', 'UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5']) expect(isTimeZone(tz), tz).toBe(true);
    for (const tz of ['Mars/Base', '+01:00', '', 'Europe/Berlin\n', '../etc/passwd']) expect(isTimeZone(tz), tz).toBe(false);
  });
});

describe('push endpoints (SSRF guard)', () => {
  it('tells private, loopback, link-local and mapped addresses from public ones', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:10.0.0.1',
      '::ffff:a00:1',
      '224.0.0.1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['142.250.185.74', '172.32.0.1', '2a00:1450:4001:82b::200a', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
  it('refuses insecure and private endpoints unless allowed', () => {
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/x', false)).toBeNull();
    expect(endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', false)).toBeNull();
    expect(endpointProblem('http://fcm.googleapis.com/x', false)).toBe('insecure');
    expect(endpointProblem('https://localhost:8090/notify/x', false)).toBe('private');
    expect(endpointProblem('https://intranet/x', false)).toBe('private');
    expect(endpointProblem('https://[::1]:8443/x', false)).toBe('private');
    expect(endpointProblem('https://user:pw@push.example.com/x', false)).toBe('malformed');
    expect(endpointProblem('http://localhost:8090/notify/x', true)).toBeNull();
    expect(endpointProblem('file:///etc/passwd', true)).toBe('insecure');
  });
});

describe('push texts and helpers', () => {
  it('have every text in the 13 app languages, with the English placeholders', () => {
    const en = PUSH_TEXTS.en;
    for (const lang of APP_LANGUAGES) {
      const t = PUSH_TEXTS[lang];
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(t[key]?.trim(), `${lang}.${key}`).toBeTruthy();
        const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
        expect(holes(t[key]), `${lang}.${key}`).toEqual(holes(en[key]));
      }
      if (lang !== 'en') expect(t.picture, lang).not.toBe(en.picture);
    }
  });
  it('preview 100 characters without splitting one', () => {
    expect(preview('  hello\n  world ')).toBe('hello world');
    const long = '😀'.repeat(150);
    expect([...preview(long)]).toHaveLength(101);
    expect(preview(long).endsWith('😀…')).toBe(true);
  });
  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(Date.now() + 30_000).toUTCString())).toBeGreaterThanOrEqual(29);
    expect(retryAfterSeconds('soon')).toBeNull();
    expect(retryAfterSeconds(undefined)).toBeNull();
  });
  it('backs off exponentially to an hour', () => {
    expect(backoffSeconds(0)).toBeLessThanOrEqual(6);
    expect(backoffSeconds(3)).toBeGreaterThanOrEqual(32);
    expect(backoffSeconds(20)).toBeLessThanOrEqual(4320);
  });
  it('makes job ids as UUIDs, the same for the same name', () => {
    expect(jobIdOf('a')).toBe(jobIdOf('a'));
    expect(jobIdOf('a')).not.toBe(jobIdOf('b'));
    expect(jobIdOf('push.message:1:2:3')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('the VAPID header', () => {
  const keys = webpush.generateVAPIDKeys();
  const cfg = { subject: 'mailto:push@spotlist.test', ...keys };
  const claims = (header: string) => {
    const m = /^vapid t=([^,]+), k=(.+)$/.exec(header);
    expect(m?.[2]).toBe(keys.publicKey);
    return JSON.parse(Buffer.from(m![1]!.split('.')[1]!, 'base64url').toString('utf8')) as { aud: string; exp: number; sub: string };
  };

  it('is signed once per push service and kept until an hour before it ends', () => {
    // web-push checks the expiry against the real clock (≤ 24 h ahead): the test's clock starts at it
    let now = Math.floor(Date.now() / 1000) * 1000;
    const vapid = vapidAuthorization(cfg, () => now);
    const first = vapid('https://fcm.googleapis.com');
    expect(claims(first)).toEqual({ aud: 'https://fcm.googleapis.com', exp: now / 1000 + VAPID_VALID_SECONDS, sub: cfg.subject });
    now += 10 * 3600 * 1000;
    expect(vapid('https://fcm.googleapis.com')).toBe(first);
    // another push service has its own audience
    expect(claims(vapid('https://updates.push.services.mozilla.com')).aud).toBe('https://updates.push.services.mozilla.com');
    now += 1.5 * 3600 * 1000;
    const renewed = vapid('https://fcm.googleapis.com');
    expect(renewed).not.toBe(first);
    expect(claims(renewed).exp).toBe(now / 1000 + VAPID_VALID_SECONDS);
  });
});
