import crypto from 'node:crypto';

/** 256-bit random token, URL-safe. */
export const randomToken = (): string => crypto.randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256. */
export const hashToken = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export const hmac = (secret: string, value: string): string =>
  crypto.createHmac('sha256', secret).update(value).digest('base64url');

export const safeEqual = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/** The random id of something public (a widget, a guest app): 96 bits, URL-safe. */
export const newPublicId = (): string => crypto.randomBytes(12).toString('base64url');
