/**
 * How often one visitor sees an overlay (contracts `OverlayFrequency`), kept in the visitor's
 * storage, never in a cookie: `always` every visit (page view), `session` once per browser
 * session (sessionStorage), `once` never again after a view, `days` again N days after the last
 * view (localStorage). Where the browser blocks storage (a third-party frame in a strict browser)
 * the record lives in memory for the page view.
 *
 * One record per overlay, `spotlist.overlay.<id>` → `{ r: revision, t: ms of the last view }`.
 * A record of an older revision still counts (contracts `PublicOverlay.revision`): a business
 * fixing a typo does not show a visitor again what they closed.
 */
import type { PublicOverlay } from '@spotlist/contracts';

export const OVERLAY_STORAGE_PREFIX = 'spotlist.overlay.';
const DAY_MS = 86_400_000;

type Kind = 'localStorage' | 'sessionStorage';
const memory: Record<Kind, Map<string, string>> = { localStorage: new Map(), sessionStorage: new Map() };

function read(kind: Kind, key: string): string | null {
  try {
    const stored = window[kind].getItem(key);
    if (stored !== null) return stored;
  } catch {
    // blocked: memory only
  }
  return memory[kind].get(key) ?? null;
}

function write(kind: Kind, key: string, value: string): void {
  memory[kind].set(key, value);
  try {
    window[kind].setItem(key, value);
  } catch {
    // blocked or full: memory keeps it for this page view
  }
}

type Counted = Pick<PublicOverlay, 'id' | 'revision' | 'frequency'>;
const kindOf = (o: Counted): Kind | null =>
  o.frequency.kind === 'always' ? null : o.frequency.kind === 'session' ? 'sessionStorage' : 'localStorage';

/** Whether the visitor may see the overlay now. */
export function mayShow(o: Counted, now = Date.now()): boolean {
  const kind = kindOf(o);
  if (!kind) return true;
  const raw = read(kind, OVERLAY_STORAGE_PREFIX + o.id);
  if (raw === null) return true;
  if (o.frequency.kind !== 'days') return false;
  let last = NaN;
  try {
    last = Number((JSON.parse(raw) as { t?: unknown }).t);
  } catch {
    // not a record of ours: as if none
  }
  return !Number.isFinite(last) || now - last >= o.frequency.days * DAY_MS;
}

/** Notes that the visitor saw the overlay (when it shows). */
export function markShown(o: Counted, now = Date.now()): void {
  const kind = kindOf(o);
  if (kind) write(kind, OVERLAY_STORAGE_PREFIX + o.id, JSON.stringify({ r: o.revision, t: now }));
}

/** Forgets what memory kept (tests: a new page view). */
export function resetFrequencyMemory(): void {
  memory.localStorage.clear();
  memory.sessionStorage.clear();
}
