import crypto from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AppClientIdsQuerySchema,
  FleetConnectionTestSchema,
  FleetVehicleListSchema,
  GpsSettingsSchema,
  GpsSettingsUpdateSchema,
  ShowHideVehiclesSchema,
} from '@spotlist/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Secrets } from '../../platform/crypto/secrets.ts';
import type { JobQueue } from '../../platform/jobs/queue.ts';
import { pollAccount } from './fleet.jobs.ts';
import { fleetService } from './fleet.service.ts';

const FLAG = 'gpstrackingactivated' as const;

export interface FleetRoutesOptions {
  db: Db;
  config: Config;
  jobs: JobQueue;
  secrets: Secrets;
  fetchImpl?: typeof fetch;
}

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
const routes: FastifyPluginAsyncZod<FleetRoutesOptions> = async (app, { db, config, jobs, secrets, fetchImpl }) => {
  const svc = fleetService(db, {
    secrets,
    allowPrivateUrls: config.FLEET_ALLOW_PRIVATE_URLS,
    webfleetUrl: config.FLEET_WEBFLEET_URL,
    fetchImpl,
  });
  jobs.register(pollAccount, { fleet: svc });
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
    async (req) => ({ list: await svc.showHide(req.user!.id, req.query.appClientIds, req.body.vehicles) }),
  );
};

/** Not encapsulated: `fleetTick` is the app's (the tests run the poller's tick by hand). */
export const fleetRoutes = fp(routes, { name: 'fleet' });

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the fleet polls that are due now (the ticker's work; tests call it by hand). */
    fleetTick: () => Promise<void>;
  }
}
