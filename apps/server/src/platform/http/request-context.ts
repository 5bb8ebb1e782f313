import fp from 'fastify-plugin';
import { APP_LANGUAGES, type AppLanguage } from '@spotlist/contracts';

export interface RequestContext {
  /** From the `user-location: lat;lng` header when present and valid (SPEC §7). */
  location: { lat: number; lng: number } | null;
  /** From the `app-language` header; unsupported values fall back to English (SPEC §4). */
  language: AppLanguage;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export function parseUserLocation(header: unknown): RequestContext['location'] {
  if (typeof header !== 'string' || header.length > 64) return null;
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*;\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(header);
  if (!m) return null;
  const lat = Number(m[1]);
  const lng = Number(m[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

export function parseAppLanguage(header: unknown): AppLanguage {
  const v = typeof header === 'string' ? header.trim().toLowerCase().slice(0, 2) : '';
  return (APP_LANGUAGES as readonly string[]).includes(v) ? (v as AppLanguage) : 'en';
}

export const requestContextPlugin = fp(
  async (app) => {
    app.decorateRequest('ctx', null as unknown as RequestContext);
    app.addHook('onRequest', (req, _reply, done) => {
      req.ctx = {
        location: parseUserLocation(req.headers['user-location']),
        language: parseAppLanguage(req.headers['app-language']),
      };
      done();
    });
  },
  { name: 'request-context' },
);
