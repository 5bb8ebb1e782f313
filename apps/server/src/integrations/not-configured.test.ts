import Fastify from 'fastify';
import { ErrorKey } from '@spotlist/contracts';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../platform/http/errors.ts';
import { notConfigured, NotConfiguredError } from './not-configured.ts';

describe('notConfigured', () => {
  it('answers 503 error.integration.notconfigured through the one error handler, naming the provider only in the log', async () => {
    const logged: string[] = [];
    const app = Fastify({ logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } } });
    await app.register(errorsPlugin);
    app.get('/needs-provider', async () => notConfigured('example-pay'));
    const res = await app.inject({ method: 'GET', url: '/needs-provider' });
    await app.close();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ key: ErrorKey.integrationNotConfigured });
    expect(res.body).not.toContain('example-pay');
    expect(logged.join('\n')).toContain('example-pay is not configured');
  });

  it('is recognisable, so a job can give up at once instead of retrying', () => {
    let caught: unknown;
    try {
      notConfigured('example-pay');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(NotConfiguredError);
    expect(caught).toMatchObject({ provider: 'example-pay', key: 'error.integration.notconfigured', status: 503 });
  });
});
