import type { ErrorKeyValue } from '@spotlist/contracts';

/** The one error type: a key the client translates and an HTTP status. */
export class AppError extends Error {
  constructor(
    public readonly key: ErrorKeyValue | (string & {}),
    public readonly status: number,
    public readonly fields?: { path: string; key: string }[],
  ) {
    super(key);
    this.name = 'AppError';
  }
}
