import fp from 'fastify-plugin';
import { ErrorKey } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';

/** An escaped NUL in JSON text: `\u0000` behind an even number of backslashes (`\\u0000` is text). */
const ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/**
 * True when `text` (raw JSON or a form field) holds a NUL character, raw or JSON-escaped.
 * PostgreSQL stores no NUL in text or jsonb: such input is refused before it gets there.
 */
export const containsNul = (text: string): boolean => text.includes('\0') || (text.includes('\\') && ESCAPED_NUL.test(text));

/** True when a parsed value holds a NUL in any string or key, however deep. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  for (const [k, v] of Object.entries(value)) if (k.includes('\0') || holdsNul(v, depth + 1)) return true;
  return false;
}

export const characterError = () => new AppError(ErrorKey.badCharacter, 400);

/**
 * How deep JSON input may nest. Free-form values (settings, widget settings, document data) go to
 * jsonb through JSON.stringify, which overflows the stack a few thousand levels down (a 500): no
 * form of ours nests beyond a handful of levels.
 */
export const MAX_JSON_DEPTH = 64;

/** True when a parsed value nests deeper than `max` (walked without recursion: it may be deeper than the stack). */
export function nestedDeeperThan(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Input the database cannot store is a 400 `error.request.character` before any handler runs, and
 * JSON nested deeper than MAX_JSON_DEPTH a 400 `error.request.json` before validation.
 * A NUL in a text field fails that field's own rule first (a field error the form can show); this
 * catches the rest after validation: free-form JSON (settings, document `extraData`), keys, and
 * `%00` in a path parameter or the query.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    // callback style: one `includes` per request, a walk only of bodies that passed validation
    app.addHook('onRequest', (req, _reply, done) => {
      if (req.url.includes('%00')) return done(characterError());
      done();
    });
    // before validation: a schema's own checks (JSON.stringify of a setting's value) overflow too
    app.addHook('preValidation', (req, _reply, done) => {
      if (typeof req.body === 'object' && req.body !== null && nestedDeeperThan(req.body)) return done(new AppError(ErrorKey.badJson, 400));
      done();
    });
    app.addHook('preHandler', (req, _reply, done) => {
      if (typeof req.body === 'object' && req.body !== null && holdsNul(req.body)) return done(characterError());
      done();
    });
  },
  { name: 'input-guard' },
);
