/**
 * The way into "Where is my shuttle?" from the guest app and the widget: one small request on
 * load (does this app client show vehicles?); only then the view's chunk (map, words) is loaded.
 * The open view is `#shuttle` in the address, so the phone's Back closes it.
 */
import type { PublicFleet } from '@spotlist/contracts';
import { useEffect, useState } from 'preact/hooks';
import { request } from '../lib/api.ts';

export type ShuttleModule = typeof import('./shuttle-view.tsx');

const HASH = '#shuttle';

export interface ShuttleEntry {
  /** The view's chunk and the first answer, once this app client is known to show vehicles. */
  ready: { module: ShuttleModule; initial: PublicFleet } | null;
  open: boolean;
  openView(): void;
  closeView(): void;
}

export function useShuttleEntry(kind: 'guest-app' | 'widget', publicId: string | null): ShuttleEntry {
  const [ready, setReady] = useState<ShuttleEntry['ready']>(null);
  const [open, setOpen] = useState(() => typeof location !== 'undefined' && location.hash === HASH);
  useEffect(() => {
    if (!publicId) return;
    let live = true;
    request<PublicFleet>(`/api/public/fleet/${kind}/${encodeURIComponent(publicId)}`)
      .then(async (initial) => {
        if (!initial.available) return;
        const module = await import('./shuttle-view.tsx');
        if (live) setReady({ module, initial });
      })
      // no shuttles offered when it cannot be known (offline, an old server)
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [kind, publicId]);
  useEffect(() => {
    const follow = () => setOpen(location.hash === HASH);
    addEventListener('hashchange', follow);
    return () => removeEventListener('hashchange', follow);
  }, []);
  return {
    ready,
    open: open && ready !== null,
    openView: () => {
      location.hash = HASH;
      scrollTo(0, 0);
    },
    closeView: () => {
      if (location.hash === HASH) history.back();
      setOpen(false);
    },
  };
}
