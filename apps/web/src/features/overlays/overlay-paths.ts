import type { OverlayButton, OverlayFrequency, OverlayTrigger, OverlayView } from '@spotlist/contracts';

/** The overlay pages' paths (the same literals as in app/routes.tsx). */
export const OVERLAY_PATHS = {
  list: '/overlay-manager',
  editor: (id: number, lang?: string, tab?: OverlayTab) => {
    const q = new URLSearchParams();
    if (lang) q.set('lang', lang);
    if (tab && tab !== 'content') q.set('tab', tab);
    const s = q.toString();
    return `/overlay-manager/${id}${s ? `?${s}` : ''}`;
  },
} as const;

export const OVERLAY_TABS = ['content', 'settings', 'analytics'] as const;
export type OverlayTab = (typeof OVERLAY_TABS)[number];

/** A cell of the language grid: the language's state, or `missing` when the business offers it and the overlay lacks it. */
export type CellState = 'draft' | 'published' | 'changed' | 'missing';

export function cellState(overlay: Pick<OverlayView, 'languages'>, lang: string): CellState {
  return overlay.languages.find((l) => l.language === lang)?.state ?? 'missing';
}

/** The columns of the grid: the offered languages, then any the overlay still has that are no longer offered. */
export function gridLanguages(offered: readonly string[], overlays: readonly Pick<OverlayView, 'languages'>[]): string[] {
  const out = [...offered];
  for (const o of overlays) for (const l of o.languages) if (!out.includes(l.language)) out.push(l.language);
  return out;
}

/** Offered languages an overlay has no text in (the "missing translations" badge). */
export const missingLanguages = (overlay: Pick<OverlayView, 'languages'>, offered: readonly string[]): string[] =>
  offered.filter((l) => !overlay.languages.some((x) => x.language === l));

/** The words of each format, trigger, frequency, button kind and tab (written out: the locales test finds every key). */
export { FORMAT_KEYS } from '../../lib/overlay-format-keys';
export const TRIGGER_KEYS: Record<OverlayTrigger['kind'], string> = {
  load: 'OVERLAYS.TRIGGER_LOAD',
  scroll: 'OVERLAYS.TRIGGER_SCROLL',
  exit: 'OVERLAYS.TRIGGER_EXIT',
  click: 'OVERLAYS.TRIGGER_CLICK',
};
export const FREQUENCY_KEYS: Record<OverlayFrequency['kind'], string> = {
  always: 'OVERLAYS.FREQUENCY_ALWAYS',
  session: 'OVERLAYS.FREQUENCY_SESSION',
  once: 'OVERLAYS.FREQUENCY_ONCE',
  days: 'OVERLAYS.FREQUENCY_DAYS',
};
export const BUTTON_KIND_KEYS: Record<OverlayButton['kind'], string> = {
  url: 'OVERLAYS.BUTTON_KIND_URL',
  place: 'OVERLAYS.BUTTON_KIND_PLACE',
  list: 'OVERLAYS.BUTTON_KIND_LIST',
  message: 'OVERLAYS.BUTTON_KIND_MESSAGE',
};
export const TAB_KEYS: Record<OverlayTab, string> = {
  content: 'OVERLAYS.TAB_CONTENT',
  settings: 'OVERLAYS.TAB_SETTINGS',
  analytics: 'OVERLAYS.TAB_ANALYTICS',
};
