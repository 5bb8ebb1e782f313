import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppClientIdsQuerySchema,
  ErrorKey,
  FleetConnectionTestSchema,
  FleetShareRequestSchema,
  FleetShareSchema,
  FleetShareTokenParamsSchema,
  PublicFleetSchema,
  FleetVehicleListSchema,
  GpsSettingsSchema,
  GpsSettingsUpdateSchema,
  ShowHideVehiclesSchema,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { AppError } from '../../lib/app-error.ts';
import { fleetRoom, userRoom } from '../../platform/realtime/rooms.ts';
import { pollAccount } from './fleet.jobs.ts';
import { FLEET_VIEW_HOURS, fleetService, type FleetService } from './fleet.service.ts';

const FLAG = 'gpstrackingactivated' as const;

export interface FleetRoutesOptions {
  db: Db;
  config: Config;
  jobs: JobQueue;
  secrets: Secrets;
}

const PUBLIC_ID = /^[A-Za-z0-9_-]{8,32}$/;
const PublicIdParams = z.object({ publicId: z.string().max(64) });

/** The job id of an account's poll at one due time: every instance's ticker sends the same, so it runs once. */
export const pollJobId = (accountId: number, due: Date): string => {
  const h = crypto.createHash('sha256').update(`fleet.poll:${accountId}:${due.getTime()}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * GPS fleet tracking (SPEC §7 "Fleet tracking"; ./README.md) behind `gpstrackingactivated`, and
 * the poller: every FLEET_TICK_SECONDS each instance sends a `fleet.poll` job for every account
 * whose time has come (one job per account and due time, whichever instance sends it).
 */
const routes: FastifyPluginAsyncZod<FleetRoutesOptions> = async (app, { db, config, jobs, secrets }) => {
  const svc = fleetService(db, {
    secrets,
    allowPrivateUrls: config.FLEET_ALLOW_PRIVATE_URLS,
    webfleetUrl: config.FLEET_WEBFLEET_URL,
  });
  const moved = (ownerId: number) => app.events.emit('fleet.moved', { ownerId });
  jobs.register(pollAccount, { fleet: svc, moved });
  liveViews(app, svc);
  // the account export (contracts ProfileExportSchema `fleet`); the rows go with the account (cascade)
  app.accountData.register({ owner: 'fleet', sections: ['fleet'], export: async (userId) => ({ fleet: await svc.exportOf(userId) }) });
  const tags = ['fleet'];
  const user = { auth: 'user', flag: FLAG } as const;
  const base = '/api/webfleetvehicle/tracking';

  /** Sends the polls that are due; old positions go once an hour. */
  let lastPrune = 0;
  async function tick(): Promise<void> {
    for (const a of await svc.due()) await jobs.send(pollAccount, { accountId: a.id }, { id: pollJobId(a.id, a.nextPollAt) });
    if (Date.now() - lastPrune > 3_600_000) {
      lastPrune = Date.now();
      await svc.prune();
    }
  }
  app.decorate('fleetTick', tick);
  if (config.FLEET_TICK_SECONDS > 0) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        tick().catch((error: unknown) => app.log.warn({ err: error }, 'fleet poll tick failed'));
      }, config.FLEET_TICK_SECONDS * 1000);
      timer.unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  app.get(
    `${base}/get-gps-settings`,
    { schema: { querystring: AppClientIdsQuerySchema, response: { 200: GpsSettingsSchema }, tags }, config: user },
    async (req) => svc.settings(req.user!.id, req.query.appClientIds),
  );
  app.post(
    `${base}/update-gps-settings`,
    { schema: { body: GpsSettingsUpdateSchema, response: { 200: GpsSettingsSchema }, tags }, config: user },
    async (req) => {
      await svc.update(req.user!.id, req.body);
      await tick();
      // which app clients show vehicles may have changed: the views read again
      await moved(req.user!.id);
      return svc.settings(req.user!.id, []);
    },
  );
  app.post(
    `${base}/test-connection`,
    {
      schema: { body: GpsSettingsUpdateSchema, response: { 200: FleetConnectionTestSchema }, tags },
      config: { ...user, invalidates: 'none' },
    },
    async (req) => svc.test(req.user!.id, req.body),
  );
  app.get(
    `${base}/all-list`,
    { schema: { querystring: AppClientIdsQuerySchema, response: { 200: FleetVehicleListSchema }, tags }, config: user },
    async (req) => {
      const settings = await svc.settings(req.user!.id, req.query.appClientIds);
      return { list: settings.webFleetVehicleList };
    },
  );
  app.post(
    `${base}/show-hide-vehicles`,
    {
      schema: { querystring: AppClientIdsQuerySchema, body: ShowHideVehiclesSchema, response: { 200: FleetVehicleListSchema }, tags },
      config: user,
    },
    async (req) => {
      const list = await svc.showHide(req.user!.id, req.query.appClientIds, req.body.vehicles);
      await moved(req.user!.id);
      return { list };
    },
  );

  // "Where is my shuttle?": the guest app, a widget and a shared link (contracts PublicFleetSchema)
  const visitor = { auth: 'public' as const, xsrf: false };
  const publicTags = ['fleet', 'public'];
  const viewUntil = () => Date.now() + FLEET_VIEW_HOURS * 3_600_000;
  async function appClientOf(kind: 'guest-app' | 'widget', publicId: string) {
    const found = PUBLIC_ID.test(publicId) ? await svc.viewFor(kind, publicId) : null;
    if (!found) throw new AppError(kind === 'widget' ? ErrorKey.widgetNotFound : ErrorKey.guestAppNotFound, 404);
    return found;
  }
  for (const kind of ['guest-app', 'widget'] as const) {
    app.get(
      `/api/public/fleet/${kind}/:publicId`,
      { schema: { params: PublicIdParams, response: { 200: PublicFleetSchema }, tags: publicTags }, config: visitor, logLevel: 'warn' },
      async (req, reply) => {
        const { ownerId, appClientId } = await appClientOf(kind, req.params.publicId);
        reply.header('cache-control', 'no-store');
        return svc.publicFleet(ownerId, appClientId, viewUntil());
      },
    );
    app.post(
      `/api/public/fleet/${kind}/:publicId/share`,
      {
        schema: { params: PublicIdParams, body: FleetShareRequestSchema, response: { 200: FleetShareSchema }, tags: publicTags },
        config: visitor,
      },
      async (req) => {
        const { ownerId, appClientId } = await appClientOf(kind, req.params.publicId);
        if (!(await svc.shows(ownerId, appClientId))) throw new AppError(ErrorKey.fleetOff, 404);
        const endsAt = Date.now() + req.body.hours * 3_600_000;
        const token = svc.viewToken({ ownerId, appClientId, endsAt });
        return { url: `${(config.PUBLIC_URL ?? '').replace(/\/+$/, '')}/shuttle/${token}`, expiresAt: new Date(endsAt).toISOString() };
      },
    );
  }
  app.get(
    '/api/public/fleet/shared/:token',
    {
      schema: { params: FleetShareTokenParamsSchema, response: { 200: PublicFleetSchema }, tags: publicTags },
      config: visitor,
      logLevel: 'warn',
    },
    async (req, reply) => {
      const view = svc.openView(req.params.token);
      if (!view) throw new AppError(ErrorKey.fleetShareNotFound, 404);
      if (view.endsAt <= Date.now()) throw new AppError(ErrorKey.fleetShareExpired, 410);
      reply.header('cache-control', 'no-store');
      // the link's own end: a view opened from it lasts no longer
      return svc.publicFleet(view.ownerId, view.appClientId, view.endsAt, req.params.token);
    },
  );
};

/**
 * The live views (contracts 'fleet.moved'): the business's own sockets get all of its vehicles; a
 * view's socket (`{type:'auth', view}` with a token of the public routes) joins the room of its
 * app client and gets what that app client shows. Every instance hears the bus's event and reads
 * once for the rooms it has sockets in; nobody listening here, nothing read.
 */
function liveViews(app: Parameters<FastifyPluginAsyncZod>[0], svc: FleetService) {
  const rt = () => app.realtime;
  app.addHook('onReady', async () => {
    rt().setViewAuthenticator(async (token) => {
      const view = svc.openView(token);
      if (!view || view.endsAt <= Date.now() || !(await svc.shows(view.ownerId, view.appClientId))) return null;
      return { rooms: [fleetRoom(view.ownerId, view.appClientId)], endsAt: view.endsAt };
    });
  });
  // one read per event and instance at a time: events that arrive meanwhile are answered by one more read
  const pending = new Map<number, { again: boolean }>();
  async function tell(ownerId: number): Promise<void> {
    const own = userRoom(ownerId);
    const rooms = [...(await svc.appClients(ownerId))].map((client) => [client, fleetRoom(ownerId, client)] as const);
    const heard = rooms.filter(([, room]) => rt().listening(room));
    if (!rt().listening(own) && heard.length === 0) return;
    const views = await svc.liveViews(
      ownerId,
      heard.map(([client]) => client),
    );
    if (rt().listening(own)) rt().publish(own, 'fleet.moved', { vehicles: views.all, polledAt: views.polledAt });
    for (const [client, room] of heard)
      rt().publish(room, 'fleet.moved', { vehicles: views.shown.get(client) ?? [], polledAt: views.polledAt });
  }
  app.events.on('fleet.moved', ({ ownerId }) => {
    const running = pending.get(ownerId);
    if (running) return void (running.again = true);
    const state = { again: false };
    pending.set(ownerId, state);
    void (async () => {
      try {
        do {
          state.again = false;
          await tell(ownerId);
        } while (state.again);
      } catch (err) {
        app.log.warn({ err }, 'fleet live view not told');
      } finally {
        pending.delete(ownerId);
      }
    })();
  });
}

/** Not encapsulated: `fleetTick` is the app's (the tests run the poller's tick by hand). */
export const fleetRoutes = fp(routes, { name: 'fleet' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the fleet polls that are due now (the ticker's work; tests call it by hand). */
    fleetTick: () => Promise<void>;
  }
}
