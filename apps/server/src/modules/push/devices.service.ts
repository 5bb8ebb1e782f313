import crypto from 'node:crypto';
import { and, asc, count, desc, eq, inArray, or, type SQL } from 'drizzle-orm';
import {
  ErrorKey,
  PUSH_PLATFORMS,
  WebPushSubscriptionSchema,
  type PushDeviceInput,
  type PushDeviceView,
  type PushPlatform,
  type WebPushSubscription,
} from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { pushDevices } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../lib/db-errors.ts';
import { checkFilters, checkSort, readListQuery } from '../../platform/http/list-query.ts';
import { endpointProblem } from '../../integrations/webpush/address-guard.ts';

type DeviceRow = typeof pushDevices.$inferSelect;

export const platformId = (p: PushPlatform): number => PUSH_PLATFORMS.indexOf(p) + 1;
export const platformKey = (id: number): PushPlatform => PUSH_PLATFORMS[id - 1] ?? 'web';

export function deviceView(r: DeviceRow): PushDeviceView {
  return {
    id: r.id,
    token: r.token,
    platform: platformKey(r.platform),
    deviceId: r.deviceId,
    label: r.label,
    user: { id: r.userId },
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  };
}

/** A web device's subscription, or null when the token is not one. */
export function parseSubscription(token: string): WebPushSubscription | null {
  let json: unknown;
  try {
    json = JSON.parse(token);
  } catch {
    return null;
  }
  const parsed = WebPushSubscriptionSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * What names a subscription: a web one by its endpoint (the browser may serialize its JSON with
 * other key orders or an expirationTime), a native one by its token. Stored as SHA-256.
 */
export function tokenKey(token: string): string {
  const sub = parseSubscription(token);
  return crypto
    .createHash('sha256')
    .update(sub ? `web:${sub.endpoint}` : `native:${token}`)
    .digest('hex');
}

/** Native tokens (FCM registration tokens, APNs hex) are printable ASCII without spaces. */
const NATIVE_TOKEN = /^[\x21-\x7e]+$/;

const notFound = () => new AppError(ErrorKey.pushDeviceNotFound, 404);

/**
 * SPEC §3/§4/§7 push devices (README "Devices"). A device is one install (`deviceId`) holding one
 * subscription (`token`): both are unique over all users, so the same install registering again
 * updates its row, and logging in as another user moves the row to them.
 */
export function devicesService(db: Db, opts: { allowPrivateEndpoints: boolean }) {
  function check(input: PushDeviceInput) {
    if (input.platform === 'web') {
      const sub = parseSubscription(input.token);
      if (!sub) throw new AppError(ErrorKey.pushSubscription, 400, [{ path: 'body.token', key: 'FORM.ERROR.PATTERN' }]);
      const problem = endpointProblem(sub.endpoint, opts.allowPrivateEndpoints);
      if (problem === 'insecure')
        throw new AppError(ErrorKey.pushEndpointInsecure, 400, [{ path: 'body.token', key: 'FORM.ERROR.PATTERN' }]);
      if (problem === 'private') throw new AppError(ErrorKey.pushEndpointPrivate, 400, [{ path: 'body.token', key: 'FORM.ERROR.PATTERN' }]);
      if (problem) throw new AppError(ErrorKey.pushSubscription, 400, [{ path: 'body.token', key: 'FORM.ERROR.PATTERN' }]);
    } else if (!NATIVE_TOKEN.test(input.token)) {
      throw new AppError(ErrorKey.validation, 400, [{ path: 'body.token', key: 'FORM.ERROR.PATTERN' }]);
    }
    if (/[\x00-\x1f\x7f]/.test(input.deviceId))
      throw new AppError(ErrorKey.validation, 400, [{ path: 'body.deviceId', key: 'FORM.ERROR.PATTERN' }]);
  }

  async function upsert(userId: number, input: PushDeviceInput): Promise<{ device: PushDeviceView; created: boolean }> {
    const hash = tokenKey(input.token);
    const label = input.label?.trim() || null;
    return db.transaction(async (raw) => {
      const tx = raw as unknown as Db;
      const found = await tx
        .select()
        .from(pushDevices)
        .where(or(eq(pushDevices.deviceId, input.deviceId), eq(pushDevices.tokenHash, hash)))
        .for('update');
      const keep = found.find((r) => r.deviceId === input.deviceId) ?? found[0];
      const values = { userId, token: input.token, tokenHash: hash, platform: platformId(input.platform), deviceId: input.deviceId, label };
      if (!keep) {
        const [row] = await tx.insert(pushDevices).values(values).returning();
        return { device: deviceView(row), created: true };
      }
      // the install's old subscription row and its new one are one device now
      const others = found.filter((r) => r.id !== keep.id).map((r) => r.id);
      if (others.length > 0) await tx.delete(pushDevices).where(inArray(pushDevices.id, others));
      const [row] = await tx
        .update(pushDevices)
        .set({ ...values, lastError: null, lastErrorAt: null, updatedAt: new Date() })
        .where(eq(pushDevices.id, keep.id))
        .returning();
      return { device: deviceView(row), created: keep.userId !== userId };
    });
  }

  return {
    /** Creates my device, or updates the one with the same install or subscription (moving it to me). */
    async create(userId: number, input: PushDeviceInput) {
      check(input);
      try {
        return await upsert(userId, input);
      } catch (err) {
        // the same install registering twice at once: the second sees the first's row now
        if (pgErrorCode(err) !== UNIQUE_VIOLATION) throw err;
        return upsert(userId, input);
      }
    },

    /**
     * SPEC §7 GET /api/pushdevice/ with `f.userId` and `f.pushdevicetoken`: my devices only. A
     * filter on another user's id answers an empty list (nothing of theirs is ever read).
     */
    async list(userId: number, query: unknown) {
      const q = readListQuery(query);
      checkFilters(q, ['userId', 'pushdevicetoken', 'platform', 'deviceId']);
      const sort = checkSort(q, ['id', 'createdAt', 'lastUsedAt']);
      const where: SQL[] = [eq(pushDevices.userId, userId)];
      const f = q.filters;
      if (f.userId !== undefined && f.userId !== String(userId))
        return { list: [], total: 0, pageIndex: q.pageIndex, pageSize: q.pageSize };
      if (f.pushdevicetoken !== undefined) where.push(eq(pushDevices.tokenHash, tokenKey(f.pushdevicetoken)));
      if (f.deviceId !== undefined) where.push(eq(pushDevices.deviceId, f.deviceId));
      if (f.platform !== undefined) {
        const p = PUSH_PLATFORMS.indexOf(f.platform as PushPlatform);
        if (p < 0) return { list: [], total: 0, pageIndex: q.pageIndex, pageSize: q.pageSize };
        where.push(eq(pushDevices.platform, p + 1));
      }
      const cols = { id: pushDevices.id, createdAt: pushDevices.createdAt, lastUsedAt: pushDevices.lastUsedAt };
      const order = sort.map((s) => (s.desc ? desc(cols[s.field]) : asc(cols[s.field])));
      const cond = and(...where);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(pushDevices)
          .where(cond)
          .orderBy(...order, asc(pushDevices.id))
          .limit(q.pageSize)
          .offset(q.pageIndex * q.pageSize),
        db.select({ n: count() }).from(pushDevices).where(cond),
      ]);
      return { list: rows.map(deviceView), total: n, pageIndex: q.pageIndex, pageSize: q.pageSize };
    },

    async get(userId: number, id: number): Promise<PushDeviceView> {
      const [row] = await db
        .select()
        .from(pushDevices)
        .where(and(eq(pushDevices.id, id), eq(pushDevices.userId, userId)));
      if (!row) throw notFound();
      return deviceView(row);
    },

    async remove(userId: number, id: number): Promise<void> {
      const gone = await db
        .delete(pushDevices)
        .where(and(eq(pushDevices.id, id), eq(pushDevices.userId, userId)))
        .returning({ id: pushDevices.id });
      if (gone.length === 0) throw notFound();
    },

    /** SPEC §4 logout: the user's device named by the logout body (token or deviceId); how many went (0 is fine). */
    async removeOnLogout(userId: number, body: { token?: string; deviceId?: string } | null | undefined): Promise<number> {
      const by: SQL[] = [];
      if (body?.deviceId) by.push(eq(pushDevices.deviceId, body.deviceId));
      if (body?.token) by.push(eq(pushDevices.tokenHash, tokenKey(body.token)));
      if (by.length === 0) return 0;
      const gone = await db
        .delete(pushDevices)
        .where(and(eq(pushDevices.userId, userId), or(...by)))
        .returning({ id: pushDevices.id });
      return gone.length;
    },

    /** My devices (all, or the one named): id and platform. */
    async ids(userId: number, id?: number): Promise<{ id: number; platform: PushPlatform }[]> {
      const rows = await db
        .select({ id: pushDevices.id, platform: pushDevices.platform })
        .from(pushDevices)
        .where(and(eq(pushDevices.userId, userId), ...(id === undefined ? [] : [eq(pushDevices.id, id)])));
      return rows.map((r) => ({ id: r.id, platform: platformKey(r.platform) }));
    },
  };
}
export type DevicesService = ReturnType<typeof devicesService>;
