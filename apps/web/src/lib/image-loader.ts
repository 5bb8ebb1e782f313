import { useEffect, useState } from 'react';
import { appEvents } from './events';
import { usableImageUrl } from './image';

/**
 * Image loading (SPEC §5, §8): unusable URLs (empty, "null", "undefined", only the api prefix)
 * are ignored; a failed load publishes `image-load-error`; when the URL changes while a load
 * runs, only the latest URL's load is applied (earlier ones are dropped).
 */
export type ImageLoadState =
  { status: 'none' } | { status: 'loading'; url: string } | { status: 'loaded'; url: string } | { status: 'error'; url: string };

/** Loads an image in the browser (resolves when decoded). */
export function loadImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => reject(new Error(`image failed to load: ${url}`));
    img.src = url;
  });
}

export function createImageLoader(onChange: (state: ImageLoadState) => void, load: (url: string) => Promise<void> = loadImage) {
  let latest = 0;
  return {
    /** Starts loading `url` (raw, as the API gave it); an earlier load still running is dropped. */
    set(raw: string | null | undefined): void {
      const ticket = ++latest;
      const url = usableImageUrl(raw);
      if (!url) return onChange({ status: 'none' });
      onChange({ status: 'loading', url });
      load(url).then(
        () => {
          if (ticket === latest) onChange({ status: 'loaded', url });
        },
        () => {
          if (ticket !== latest) return;
          appEvents.emit('image-load-error', { url });
          onChange({ status: 'error', url });
        },
      );
    },
    /** Drops whatever is loading (unmount). */
    dispose(): void {
      latest++;
    },
  };
}

/** The state of the latest of `url`'s values (a hook over createImageLoader). */
export function useLatestImage(url: string | null | undefined, load?: (url: string) => Promise<void>): ImageLoadState {
  const [state, setState] = useState<ImageLoadState>({ status: 'none' });
  const [loader] = useState(() => createImageLoader(setState, load));
  useEffect(() => {
    loader.set(url);
  }, [loader, url]);
  useEffect(() => () => loader.dispose(), [loader]);
  return state;
}
