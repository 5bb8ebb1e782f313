import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorKey } from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The web app's pages the iOS app opens in place of the browser (Universal Links): those the native
 * shell's link handler takes (apps/web/src/lib/native/deep-links.ts) and its Android intent filters
 * name, and `/notices` (the moderation mails' link). Not `/g/*` (the guest app is the visitor
 * pages' build, which the shell does not carry), not `/api/email/verify` (the server does that
 * link's work, then redirects) and not `/meeting/*` (a full page load under its own policy).
 * Android lists its paths in the app's intent filters, not in its file.
 */
export const APP_LINK_PATHS = ['/s/*', '/place/*', '/u/*', '/messages/*', '/password-reset', '/notices'] as const;

/** Both files change only with a deployment's configuration; the platforms fetch them again now and then. */
const CACHE = 'public, max-age=3600';

/**
 * GET /.well-known/assetlinks.json (Android App Links) and GET /.well-known/apple-app-site-association
 * (iOS Universal Links), made from the configuration when the app is built. A platform whose
 * identity is not configured (no ANDROID_SHA256_CERT_FINGERPRINTS, no IOS_TEAM_ID) gets 404
 * `error.applinks.notconfigured`: a file naming no app, or an app signed by someone else, would
 * be worse than none. Public, no cookies (no XSRF), outside the OpenAPI document: they are not API.
 */
export const appLinkRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const android =
    config.ANDROID_SHA256_CERT_FINGERPRINTS.length > 0
      ? JSON.stringify([
          {
            relation: ['delegate_permission/common.handle_all_urls'],
            target: {
              namespace: 'android_app',
              package_name: config.ANDROID_PACKAGE,
              sha256_cert_fingerprints: config.ANDROID_SHA256_CERT_FINGERPRINTS,
            },
          },
        ])
      : undefined;
  const apple = config.IOS_TEAM_ID
    ? JSON.stringify({
        applinks: {
          details: [
            {
              appIDs: [`${config.IOS_TEAM_ID}.${config.IOS_BUNDLE_ID}`],
              components: APP_LINK_PATHS.map((p) => ({ '/': p })),
            },
          ],
        },
      })
    : undefined;
  const route = { schema: { hide: true }, config: { auth: 'public' as const, xsrf: false } };
  const send = (body: string | undefined) => (_req: FastifyRequest, reply: FastifyReply) => {
    if (body === undefined) throw new AppError(ErrorKey.appLinksNotConfigured, 404);
    return reply.header('cache-control', CACHE).type('application/json').send(body);
  };
  app.get('/.well-known/assetlinks.json', route, send(android));
  // no extension: Apple asks for it at this exact path, as application/json, without a redirect
  app.get('/.well-known/apple-app-site-association', route, send(apple));
};
