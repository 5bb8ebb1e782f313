import { APP_LANGUAGES, type OverlayFrequency } from '@spotlist/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markShown, mayShow, OVERLAY_STORAGE_PREFIX, resetFrequencyMemory } from './frequency.ts';
import { OVERLAY_DICTIONARY, OVERLAY_KEY_LIST, overlayTranslator } from './overlay-i18n.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 1, 12);
const overlay = (frequency: OverlayFrequency, id = 1, revision = 1) => ({ id, revision, frequency });

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetFrequencyMemory();
});
afterEach(() => vi.restoreAllMocks());

describe('overlay frequency', () => {
  it('always: every visit', () => {
    const o = overlay({ kind: 'always' });
    markShown(o, NOW);
    expect(mayShow(o, NOW)).toBe(true);
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });

  it('session: once per browser session (sessionStorage)', () => {
    const o = overlay({ kind: 'session' });
    expect(mayShow(o, NOW)).toBe(true);
    markShown(o, NOW);
    expect(mayShow(o, NOW + 365 * DAY)).toBe(false);
    expect(sessionStorage.getItem(`${OVERLAY_STORAGE_PREFIX}1`)).not.toBeNull();
    expect(localStorage.length).toBe(0);
    // a new session (its storage and this page view's memory gone)
    sessionStorage.clear();
    resetFrequencyMemory();
    expect(mayShow(o, NOW)).toBe(true);
  });

  it('once: never again after a view, also after the business changed it', () => {
    const o = overlay({ kind: 'once' }, 2, 3);
    expect(mayShow(o, NOW)).toBe(true);
    markShown(o, NOW);
    expect(JSON.parse(localStorage.getItem(`${OVERLAY_STORAGE_PREFIX}2`)!)).toEqual({ r: 3, t: NOW });
    expect(mayShow(o, NOW + 1000 * DAY)).toBe(false);
    // a record of an older revision still counts (contracts: PublicOverlay.revision)
    expect(mayShow(overlay({ kind: 'once' }, 2, 4), NOW)).toBe(false);
    // another overlay is another record
    expect(mayShow(overlay({ kind: 'once' }, 3), NOW)).toBe(true);
  });

  it('days: again N days after the last view', () => {
    const o = overlay({ kind: 'days', days: 3 });
    markShown(o, NOW);
    expect(mayShow(o, NOW + 3 * DAY - 1)).toBe(false);
    expect(mayShow(o, NOW + 3 * DAY)).toBe(true);
    markShown(o, NOW + 3 * DAY);
    expect(mayShow(o, NOW + 5 * DAY)).toBe(false);
    // a record that is not ours counts as none
    localStorage.setItem(`${OVERLAY_STORAGE_PREFIX}1`, 'garbage');
    expect(mayShow(o, NOW)).toBe(true);
  });

  it('keeps records in memory for the page view where the browser blocks storage', () => {
    const blocked = () => {
      throw new DOMException('blocked', 'SecurityError');
    };
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(blocked);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(blocked);
    const once = overlay({ kind: 'once' }, 5);
    const session = overlay({ kind: 'session' }, 6);
    expect(mayShow(once, NOW)).toBe(true);
    markShown(once, NOW);
    markShown(session, NOW);
    expect(mayShow(once, NOW)).toBe(false);
    expect(mayShow(session, NOW)).toBe(false);
    // nothing reached the storage: memory alone kept it
    vi.restoreAllMocks();
    expect(localStorage.length + sessionStorage.length).toBe(0);
  });
});

describe("the overlay's own words", () => {
  it('are there in every app language, English for another', () => {
    expect(Object.keys(OVERLAY_DICTIONARY).sort()).toEqual([...APP_LANGUAGES].sort());
    for (const [lang, line] of Object.entries(OVERLAY_DICTIONARY)) {
      const words = line.split('|');
      expect(words, lang).toHaveLength(OVERLAY_KEY_LIST.length);
      for (const w of words) expect(w.trim(), lang).not.toBe('');
    }
    expect(overlayTranslator('de')('close')).toBe('Schließen');
    expect(overlayTranslator('ja')('close')).toBe('Close');
  });
});
