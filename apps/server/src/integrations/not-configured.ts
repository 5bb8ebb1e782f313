import { ErrorKey } from '@spotlist/contracts';
import { AppError } from '../lib/app-error.ts';

/**
 * What a route or job meets when the provider it needs has no configuration: 503
 * `error.integration.notconfigured`, never a pretended success. `provider` names it in the
 * server log (the client sees the key only).
 */
export function notConfigured(provider: string): never {
  throw new NotConfiguredError(provider);
}

export class NotConfiguredError extends AppError {
  constructor(readonly provider: string) {
    super(ErrorKey.integrationNotConfigured, 503);
    this.message = `${provider} is not configured`;
  }
}
