import type { OverlayFormat } from '@spotlist/contracts';

/** The words of each overlay format (the overlay pages and the AI translation review; written out: the locales test finds every key). */
export const FORMAT_KEYS: Record<OverlayFormat, string> = {
  topBar: 'OVERLAYS.FORMAT_TOPBAR',
  bottomBar: 'OVERLAYS.FORMAT_BOTTOMBAR',
  modal: 'OVERLAYS.FORMAT_MODAL',
  slideIn: 'OVERLAYS.FORMAT_SLIDEIN',
  fullScreen: 'OVERLAYS.FORMAT_FULLSCREEN',
};
