import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ErrorKey } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer every error of this route as `error.unknown` (SPEC §8: errors can be anonymized). */
    anonymizeErrors?: boolean;
  }
}

const FASTIFY_CODES: Record<string, { status: number; key: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: ErrorKey.bodyTooLarge },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, key: ErrorKey.badContentType },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: ErrorKey.badJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: ErrorKey.badJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: ErrorKey.badJson },
  FST_ERR_BAD_STATUS_CODE: { status: 500, key: ErrorKey.unknown },
};

/** PostgreSQL error codes that are the caller's fault. */
const DB_CODES: Record<string, { status: number; key: string }> = {
  '23505': { status: 409, key: ErrorKey.duplicate },
  '23503': { status: 400, key: ErrorKey.referenceNotFound },
  '22001': { status: 400, key: ErrorKey.validation },
  // a number beyond its column (an id past int4): the schemas bound ids, this catches the rest
  '22003': { status: 400, key: ErrorKey.validation },
  '22P02': { status: 400, key: ErrorKey.validation },
  // a NUL or another character PostgreSQL cannot store (the input guard refuses them first)
  '22021': { status: 400, key: ErrorKey.badCharacter },
  '22P05': { status: 400, key: ErrorKey.badCharacter },
};

/** The PostgreSQL code of a database error (drizzle wraps the driver's error as its cause). */
function dbCode(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 3; e = e.cause as typeof e, i++) {
    if (typeof e.code === 'string' && DB_CODES[e.code]) return e.code;
  }
  return undefined;
}

/** Node's codes of a connection that failed or broke (database, Redis, a provider). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** What the pg pool, PostgreSQL and ioredis say when the service is away or shutting down. */
const OUTAGE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection is closed',
  "Stream isn't writeable",
  'Reached the max retries per request limit',
  'the database system is',
  'terminating connection due to administrator command',
  'Query read timeout',
];
/** Seconds a client waits before trying again after an outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/**
 * True when `err` says a service the request needs is away (database, Redis, a provider): the
 * request was fine and may be sent again. PostgreSQL classes 08 (connection), 57P0x (shutting
 * down, cannot connect now), 53300 (too many connections), 57014 (statement timeout).
 */
export function isOutage(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; name?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 5;
    e = e.cause as typeof e, i++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (CONNECTION_CODES.has(code) || /^08...$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300' || code === '57014') return true;
    if (e.name === 'MaxRetriesPerRequestError') return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (OUTAGE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/** One error handler: every failure becomes `{ key }` (plus `fields` for validation); 5xx never leak. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      let status = 500;
      let body: { key: string; fields?: { path: string; key: string }[] } = { key: ErrorKey.unknown };
      if (err instanceof AppError) {
        status = err.status;
        body = err.fields ? { key: err.key, fields: err.fields } : { key: err.key };
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, err.retryAfterSeconds)));
      } else if (hasZodFastifySchemaValidationErrors(err)) {
        status = 400;
        body = {
          key: ErrorKey.validation,
          fields: err.validation.map((v) => ({
            path: `${err.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
            key: /^[A-Za-z.]+$/.test(v.message ?? '') && !/\s/.test(v.message ?? '') ? v.message! : 'FORM.ERROR.INVALID',
          })),
        };
      } else if (dbCode(err) === '23503' && req.method === 'DELETE') {
        // a row others still point to (a country an account names): it stays
        status = 409;
        body = { key: ErrorKey.inUse };
      } else if (dbCode(err)) {
        ({ status } = DB_CODES[dbCode(err)!]);
        body = { key: DB_CODES[dbCode(err)!].key };
      } else if (isOutage(err)) {
        status = 503;
        body = { key: ErrorKey.unavailable };
      } else if (isResponseSerializationError(err)) {
        status = 500;
      } else if (err.code && FASTIFY_CODES[err.code]) {
        ({ status } = FASTIFY_CODES[err.code]);
        body = { key: FASTIFY_CODES[err.code].key };
      } else if (err instanceof SyntaxError || err.message?.includes('prototype property')) {
        status = 400; // malformed JSON or a __proto__ / constructor key
        body = { key: ErrorKey.badJson };
      } else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
        status = err.statusCode;
        body = { key: status === 429 ? ErrorKey.rateLimited : ErrorKey.validation };
      }
      // an outage (ours or a provider's) passes: the client may send the same request again
      if (status === 503 && body.key !== ErrorKey.integrationNotConfigured && !reply.hasHeader('retry-after'))
        reply.header('retry-after', String(OUTAGE_RETRY_AFTER_SECONDS));
      if (status === 503 && body.key === ErrorKey.unavailable) req.log.warn({ err }, 'service unavailable');
      else if (status >= 500) req.log.error({ err }, 'request failed');
      else req.log.debug({ key: body.key }, 'request refused');
      if (req.routeOptions.config?.anonymizeErrors) body = { key: ErrorKey.unknown };
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);
