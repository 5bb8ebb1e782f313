import crypto from 'node:crypto';

/** The cookie a browser or app gets at a successful login (OWASP "device cookies"). */
export const DEVICE_COOKIE = 'spotlist_device';
/** A year: the device stays known until the cookie is cleared. */
export const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

const sign = (secret: string, payload: string) => crypto.createHmac('sha256', secret).update(`device:${payload}`).digest('base64url');

/**
 * A device cookie names the account it logged into and a random id of the device, signed:
 * `<userId>.<deviceId>.<signature>`. It proves only that this client logged into that account
 * before; it is no login.
 */
export function deviceCookieFor(secret: string, userId: number, deviceId = crypto.randomBytes(12).toString('base64url')): string {
  const payload = `${userId}.${deviceId}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The device id when `value` is a valid device cookie of `userId`, else null. */
export function knownDevice(secret: string, value: string | undefined, userId: number): string | null {
  if (!value || value.length > 200) return null;
  const [uid, deviceId, sig, extra] = value.split('.');
  if (extra !== undefined || !deviceId || !sig || uid !== String(userId)) return null;
  const expected = Buffer.from(sign(secret, `${uid}.${deviceId}`));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? deviceId : null;
}
