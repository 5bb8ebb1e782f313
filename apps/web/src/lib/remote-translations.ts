import { i18next } from './translator';
import { api } from './api-client';

/**
 * Remote translations (SPEC §7 "GET translations from a remote prefix, merged over local files";
 * SPEC §8): GET /api/translation/{lang} answers key → text overrides for the language's file.
 * Loaded by lib/i18n.ts in the background at start and on every language change (the server and
 * the browser cache it for a minute). Rules:
 * - a value whose type conflicts with the local one is ignored (the local files hold texts only,
 *   so anything but a text over a text, or a nested object over a text, is dropped);
 * - nested objects are read as dotted keys (`{ "MENU": { "HELP": "…" } }` is `MENU.HELP`);
 * - keys that are not dotted words, or that name __proto__ / constructor / prototype, are dropped;
 * - a failed call (or an answer that is not an object) keeps the local texts.
 */
const KEY = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const FORBIDDEN = /(^|\.)(__proto__|constructor|prototype)(\.|$)/;
const MAX_KEY_LENGTH = 200;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The overrides that may be merged over `local` (flat key → text). */
export function remoteOverrides(local: Readonly<Record<string, unknown>>, remote: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, prefix: string, depth: number) => {
    for (const [name, value] of Object.entries(node)) {
      const key = prefix ? `${prefix}.${name}` : name;
      if (key.length > MAX_KEY_LENGTH || !KEY.test(key) || FORBIDDEN.test(key)) continue;
      const current = Object.hasOwn(local, key) ? local[key] : undefined;
      if (isRecord(value)) {
        // an object where the local file has a value is a type conflict
        if (current === undefined && depth < 8) walk(value, key, depth + 1);
      } else if (typeof value === 'string' && (current === undefined || typeof current === 'string')) {
        out[key] = value;
      }
    }
  };
  if (isRecord(remote)) walk(remote, '', 0);
  return out;
}

/** Fetches the language's overrides and merges them; resolves with how many were applied. */
export async function mergeRemoteTranslations(lang: string): Promise<number> {
  let remote: unknown;
  try {
    remote = await api.request(`/translation/${encodeURIComponent(lang)}`, { silent: true });
  } catch {
    return 0; // SPEC §8: remote translation failure falls back to the local translations
  }
  const local = (i18next.getResourceBundle(lang) ?? {}) as Record<string, unknown>;
  const overrides = remoteOverrides(local, remote);
  const count = Object.keys(overrides).length;
  // merged over the local messages: emits 'added', which re-renders what shows them
  if (count > 0) i18next.addResourceBundle(lang, overrides);
  return count;
}
