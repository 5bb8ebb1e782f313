import type { FastifyInstance } from 'fastify';
import { ErrorKey } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';

/**
 * navigator.sendBeacon sends a string as text/plain: this plugin's routes read such a body as
 * JSON (call it inside an encapsulated plugin: other routes keep the default parser).
 */
export function acceptBeaconBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError(ErrorKey.badJson, 400), undefined);
    }
  });
}
