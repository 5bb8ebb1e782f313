/** An IANA time zone name the runtime knows (Europe/Berlin, UTC, Etc/GMT+5); not an offset or a path. */
export function isTimeZone(tz: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The instant's offset from UTC in `tz`, in ms (positive east of Greenwich). */
function offsetMs(at: number, tz: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(at / 1000) * 1000;
}

/**
 * A local date and time (`2026-12-24T18:00`) in `tz` as an instant, as Temporal's "compatible"
 * reading does: a time a DST change repeats is its first occurrence; one it skips is moved forward
 * by the change (02:30 on the spring-forward night is 03:30).
 */
export function zonedToInstant(local: string, tz: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!m) throw new Error(`not a local date and time: ${local}`);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  const day = 24 * 3600 * 1000;
  // the offsets a day before and after: the two a change in between can give
  const before = offsetMs(wall - day, tz);
  const after = offsetMs(wall + day, tz);
  const fits = [wall - before, wall - after].filter((at) => at + offsetMs(at, tz) === wall);
  if (fits.length > 0) return new Date(Math.min(...fits));
  // skipped: the offset before the change, which lands after it
  return new Date(wall - before);
}
