import type { ErrorKeyValue } from '@spotlist/contracts';

/**
 * The one error type: a key the client translates and an HTTP status; `retryAfterSeconds` becomes
 * the answer's Retry-After (a 429's wait, a 503's).
 */
export class AppError extends Error {
  constructor(
    public readonly key: ErrorKeyValue | (string & {}),
    public readonly status: number,
    public readonly fields?: { path: string; key: string }[],
    public readonly retryAfterSeconds?: number,
  ) {
    super(key);
    this.name = 'AppError';
  }
}
