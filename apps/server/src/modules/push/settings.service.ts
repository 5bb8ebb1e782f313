import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_PUSH_SETTINGS, ErrorKey, PUSH_KINDS, type PushKind, type PushSettings, type QuietHoursMode } from '@spotlist/contracts';
import type { Db } from '../../platform/db/client.ts';
import { pushSettings } from '../../platform/db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';

import { isTimeZone } from '../../lib/time-zone.ts';

export { isTimeZone };

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock minute of the day in `tz` at `at`. */
function minuteOfDay(at: Date, tz: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return h * 60 + m;
}

/**
 * Whether `at` falls in the quiet hours, and if so how: `silent` (deliver without sound), or
 * `hold` with the moment they end. Start and end are wall-clock times in the user's zone; an end
 * before the start spans midnight; equal start and end mean no quiet hours.
 */
export function quietState(
  settings: PushSettings,
  at: Date = new Date(),
): { mode: 'none' } | { mode: 'silent' } | { mode: 'hold'; until: Date } {
  const q = settings.quietHours;
  if (!q) return { mode: 'none' };
  const s = minutes(q.start);
  const e = minutes(q.end);
  if (s === e) return { mode: 'none' };
  const t = minuteOfDay(at, settings.timeZone);
  const inside = s < e ? t >= s && t < e : t >= s || t < e;
  if (!inside) return { mode: 'none' };
  if (q.mode === 'silent') return { mode: 'silent' };
  const wait = (e - t + 1440) % 1440;
  // to the minute the quiet hours end (a DST change that night may move it by an hour)
  const until = new Date(at.getTime() + wait * 60_000 - at.getUTCSeconds() * 1000 - at.getUTCMilliseconds());
  return { mode: 'hold', until };
}

type SettingsRow = typeof pushSettings.$inferSelect;

function toApi(r: SettingsRow | undefined): PushSettings {
  if (!r) return structuredClone(DEFAULT_PUSH_SETTINGS);
  const off = new Set(r.kindsOff);
  return {
    kinds: Object.fromEntries(PUSH_KINDS.map((k) => [k, !off.has(k)])) as Record<PushKind, boolean>,
    hideMessageText: r.hideMessageText,
    quietHours:
      r.quietStart && r.quietEnd && r.quietMode ? { start: r.quietStart, end: r.quietEnd, mode: r.quietMode as QuietHoursMode } : null,
    timeZone: r.timeZone,
  };
}

/** GET /api/pushsettings and POST /api/pushsettings/update: one row per user, the defaults without one. */
export function settingsService(db: Db) {
  const get = async (userId: number): Promise<PushSettings> =>
    toApi((await db.select().from(pushSettings).where(eq(pushSettings.userId, userId)))[0]);
  return {
    get,
    /** Several users' settings in one query (the defaults for a user without a row). */
    async getMany(userIds: readonly number[]): Promise<Map<number, PushSettings>> {
      const found =
        userIds.length === 0
          ? []
          : await db
              .select()
              .from(pushSettings)
              .where(inArray(pushSettings.userId, [...userIds]));
      const byUser = new Map(found.map((r) => [r.userId, r]));
      return new Map(userIds.map((u) => [u, toApi(byUser.get(u))]));
    },
    /** Whether the user has a row (the export says null otherwise). */
    async stored(userId: number): Promise<PushSettings | null> {
      const [row] = await db.select().from(pushSettings).where(eq(pushSettings.userId, userId));
      return row ? toApi(row) : null;
    },
    async update(userId: number, input: PushSettings): Promise<PushSettings> {
      if (!isTimeZone(input.timeZone))
        throw new AppError(ErrorKey.pushTimeZone, 400, [{ path: 'body.timeZone', key: 'FORM.ERROR.PATTERN' }]);
      const values = {
        kindsOff: PUSH_KINDS.filter((k) => !input.kinds[k]),
        hideMessageText: input.hideMessageText,
        quietStart: input.quietHours?.start ?? null,
        quietEnd: input.quietHours?.end ?? null,
        quietMode: input.quietHours?.mode ?? null,
        timeZone: input.timeZone,
      };
      await db
        .insert(pushSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: pushSettings.userId, set: { ...values, updatedAt: new Date() } });
      return get(userId);
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
