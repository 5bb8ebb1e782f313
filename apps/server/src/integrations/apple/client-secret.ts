import fs from 'node:fs';
import { importPKCS8, SignJWT } from 'jose';

/** Apple allows a client secret to live at most 15,777,000 s (six months); ours lives an hour. */
const LIFETIME_SECONDS = 3600;

/**
 * Sign in with Apple's client secret: an ES256 JWT signed with the .p8 key of the developer
 * account (header `kid`; `iss` the team, `sub` the Services ID, `aud` Apple's issuer), made anew
 * when the last one is about to end. `key` is the PEM text or a path to the .p8 file.
 */
export function appleClientSecret(o: { teamId: string; keyId: string; clientId: string; key: string; audience: string }) {
  const pem = o.key.includes('-----BEGIN') ? o.key : fs.readFileSync(o.key, 'utf8');
  let current: { jwt: string; until: number } | undefined;
  return async (): Promise<string> => {
    const now = Math.floor(Date.now() / 1000);
    if (current && current.until - 60 > now) return current.jwt;
    const key = await importPKCS8(pem, 'ES256');
    const jwt = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256', kid: o.keyId })
      .setIssuer(o.teamId)
      .setSubject(o.clientId)
      .setAudience(o.audience)
      .setIssuedAt(now)
      .setExpirationTime(now + LIFETIME_SECONDS)
      .sign(key);
    current = { jwt, until: now + LIFETIME_SECONDS };
    return jwt;
  };
}
