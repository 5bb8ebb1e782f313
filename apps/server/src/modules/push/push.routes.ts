import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  ErrorKey,
  IdParamSchema,
  listResponseSchema,
  OkSchema,
  PushConfigSchema,
  PushDeviceInputSchema,
  PushDeviceViewSchema,
  PushSettingsSchema,
  PushTestResultSchema,
  PushTestSchema,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import { pushDevices } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { notConfigured } from '../../integrations/not-configured.ts';
import { webPushClient, type WebPushClient } from '../../integrations/webpush/client.ts';
import { fcmClient } from '../../integrations/fcm/client.ts';
import { apnsClient } from '../../integrations/apns/client.ts';
import { devicesService, platformKey } from './devices.service.ts';
import { settingsService } from './settings.service.ts';
import { noticesService } from './notices.service.ts';
import { deliveryService, type DeliveryDeps } from './delivery.service.ts';
import { pushDeliver, pushEvent, pushMessage } from './push.jobs.ts';
import { loadVapidKeys, vapidFromEnv, type VapidKeys } from './vapid.ts';

const tags = ['push'];
const user = { auth: 'user' } as const;

/**
 * SPEC §3/§4/§7 push devices, push settings and config, and delivery by jobs (README.md,
 * docs/decisions/0032). Notices are queued where the change happened: the bus's events are heard
 * here only when this instance emitted them (origin 'local'), so two instances queue each once.
 */
export const pushRoutes: FastifyPluginAsyncZod<{
  db: Db;
  config: Config;
  jobs: JobQueue;
  secrets: Secrets;
  /** Tests: told of each delivery the push service accepted. */
  onDelivered?: DeliveryDeps['onDelivered'];
}> = async (app, { db, config, jobs, secrets, onDelivered }) => {
  // checked now when the environment gives them; read from (or made in) the database at first use,
  // so building the app (the OpenAPI generation) touches no table
  vapidFromEnv(config);
  let vapid: Promise<VapidKeys> | undefined;
  const keys = () => {
    vapid ??= loadVapidKeys(db, config, secrets);
    vapid.catch(() => (vapid = undefined));
    return vapid;
  };
  let client: Promise<WebPushClient> | undefined;
  const webPush = () => {
    client ??= keys().then((k) => webPushClient({ ...k, allowPrivate: config.PUSH_ALLOW_PRIVATE_ENDPOINTS }));
    client.catch(() => (client = undefined));
    return client;
  };
  const fcm = await fcmClient(config.FCM_SERVICE_ACCOUNT);
  const apns = apnsClient(config);
  if (apns) app.addHook('onClose', () => apns.close());
  const devices = devicesService(db, { allowPrivateEndpoints: config.PUSH_ALLOW_PRIVATE_ENDPOINTS });
  const settings = settingsService(db);
  const log = app.log.child({ module: 'push' });
  const delivery = deliveryService({ db, jobs, webPush, fcm, apns, onDelivered });
  const notices = noticesService({
    db,
    jobs,
    settings,
    isViewing: (userId, conversationId) => app.realtime.isViewing(userId, conversationId),
    foldSeconds: config.PUSH_FOLD_SECONDS,
    delivery,
    log,
  });
  jobs.register(pushMessage, { notices });
  jobs.register(pushEvent, { notices });
  jobs.register(pushDeliver, { delivery });

  // queued by the instance where the change happened (a remote copy of the event is another instance's)
  const queue = (what: string, run: () => Promise<void>) =>
    void run().catch((err: unknown) => log.error({ err, what }, 'push notice not queued'));
  app.events.on('message.posted', (e, origin) => {
    if (origin === 'local') queue('message', () => notices.messagePosted(e));
  });
  app.events.on('relation.matched', (e, origin) => {
    if (origin === 'local') queue('match', () => notices.relationEvent('match', e.relatedUserId, e.userId, e.categoryId));
  });
  app.events.on('relation.requested', (e, origin) => {
    if (origin === 'local') queue('request', () => notices.relationEvent('followRequest', e.relatedUserId, e.userId, e.categoryId));
  });

  app.accountData.register({
    owner: 'push',
    sections: ['push'],
    async export(userId) {
      const rows = await db.select().from(pushDevices).where(eq(pushDevices.userId, userId)).orderBy(pushDevices.id);
      return {
        push: {
          // the token is the device's address for push services: not part of what the user reads back
          devices: rows.map((r) => ({
            platform: platformKey(r.platform),
            deviceId: r.deviceId,
            label: r.label,
            createdAt: r.createdAt.toISOString(),
            lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
          })),
          settings: await settings.stored(userId),
        },
      };
    },
  });

  const list = { schema: { response: { 200: listResponseSchema(PushDeviceViewSchema) }, tags }, config: user };
  app.get('/api/pushdevice/list', list, (req) => devices.list(req.user!.id, req.query));
  app.get('/api/pushdevice/', list, (req) => devices.list(req.user!.id, req.query));
  app.get(
    '/api/pushdevice/:id',
    { schema: { params: IdParamSchema, response: { 200: PushDeviceViewSchema }, tags }, config: user },
    (req) => devices.get(req.user!.id, req.params.id),
  );
  const create = {
    schema: { body: PushDeviceInputSchema, response: { 200: PushDeviceViewSchema, 201: PushDeviceViewSchema }, tags },
    config: user,
  };
  const created = async (
    req: { user: { id: number } | null; body: typeof PushDeviceInputSchema._output },
    reply: { code(n: number): unknown },
  ) => {
    const r = await devices.create(req.user!.id, req.body);
    reply.code(r.created ? 201 : 200);
    return r.device;
  };
  // SPEC §7 "POST create" at the collection, and the generic "POST add"
  app.post('/api/pushdevice/', create, created);
  app.post('/api/pushdevice/add', create, created);
  app.delete(
    '/api/pushdevice/delete/:id',
    { schema: { params: IdParamSchema, response: { 200: OkSchema }, tags }, config: user },
    async (req) => {
      await devices.remove(req.user!.id, req.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/pushdevice/test',
    { schema: { body: PushTestSchema, response: { 200: PushTestResultSchema }, tags }, config: user },
    async (req) => {
      const mine = await devices.ids(req.user!.id, req.body.id);
      if (req.body.id !== undefined && mine.length === 0) throw new AppError(ErrorKey.pushDeviceNotFound, 404);
      if (mine.length === 0) throw new AppError(ErrorKey.pushNoDevices, 409);
      // only what can be delivered is queued: Android needs FCM, iOS needs APNs
      const reachable = (platform: string) => platform === 'web' || (platform === 'ios' ? apns !== undefined : fcm !== undefined);
      const ids = mine.filter((d) => reachable(d.platform)).map((d) => d.id);
      if (ids.length === 0) notConfigured(mine.some((d) => d.platform === 'ios') ? 'apns' : 'fcm');
      return { queued: await notices.test(req.user!.id, ids) };
    },
  );

  app.get('/api/pushconfig', { schema: { response: { 200: PushConfigSchema }, tags }, config: { auth: 'public' } }, async () => ({
    webPushPublicKey: (await keys()).publicKey,
    nativeDelivery: { android: fcm !== undefined, ios: apns !== undefined },
  }));
  app.get('/api/pushsettings', { schema: { response: { 200: PushSettingsSchema }, tags }, config: user }, (req) =>
    settings.get(req.user!.id),
  );
  app.post(
    '/api/pushsettings/update',
    { schema: { body: PushSettingsSchema, response: { 200: PushSettingsSchema }, tags }, config: user },
    (req) => settings.update(req.user!.id, req.body),
  );
};

/** For the auth module's logout (SPEC §4): deletes the user's device the logout body names. */
export function pushLogout(db: Db) {
  const devices = devicesService(db, { allowPrivateEndpoints: true });
  return (userId: number, device: { token?: string; deviceId?: string }) => devices.removeOnLogout(userId, device);
}
