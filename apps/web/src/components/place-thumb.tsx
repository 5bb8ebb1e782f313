import { Visibility, type PlaceView } from '@spotlist/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/translator';
import { api } from '../lib/api-client';
import { config } from '../lib/config';
import { usableImageUrl } from '../lib/image';
import { getCurrentLanguage } from '../lib/language';
import './place-thumb.css';

/**
 * A place's small picture in a row (list items, liked places): its first picture's thumbnail,
 * else its generated cover (server: modules/covers). Decorative (`alt=""`): the row names the
 * place. An empty box only while a private place's image is read, or when none can be. Import it
 * from lazy pages only (docs/decisions/0012).
 */
export type ThumbPlace = Pick<PlaceView, 'id' | 'visibility' | 'updatedAt' | 'pictures'>;

/** The generated cover in `lang`: an `<img>` sends no app-language header, so the URL says it. */
export const coverUrl = (placeId: number, lang: string): string =>
  `${config.apiBase}/place/${placeId}/cover.svg?lang=${encodeURIComponent(lang)}`;

/** What a thumb shows, best first: the first picture's 240 px thumbnail (or the picture), then the cover. */
export function thumbSources(place: ThumbPlace, lang: string): string[] {
  const first = place.pictures?.[0];
  const picture = usableImageUrl(first?.urlThumb240) ?? usableImageUrl(first?.url);
  return [...(picture ? [picture] : []), coverUrl(place.id, lang)];
}

/** An API path (`/place/1/cover.svg?…`) for the api client, or null for an address elsewhere. */
const apiPath = (url: string): string | null => (url.startsWith(`${config.apiBase}/`) ? url.slice(config.apiBase.length) : null);

const asDataUrl = (blob: Blob): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable image'));
    reader.readAsDataURL(blob);
  });

/**
 * The images of a place only a logged-in reader may see (a private place's cover or pictures):
 * `<img src>` cannot send the X-Auth-Token header, so the first of `urls` that loads is read
 * through the api client and shown as a data: URL (kept in the query cache per place version;
 * nothing to revoke). Undefined while it loads and when none does.
 */
function useReadWithToken(urls: readonly string[], version: string, enabled: boolean): string | undefined {
  const paths = urls.map(apiPath).filter((p): p is string => p !== null);
  const read = useQuery({
    queryKey: ['place-thumb', ...paths, version],
    queryFn: async ({ signal }) => {
      for (const path of paths) {
        try {
          return await asDataUrl(await (await api.request<Response>(path, { raw: true, silent: true, signal })).blob());
        } catch (e) {
          if (signal.aborted) throw e;
        }
      }
      return null;
    },
    enabled: enabled && paths.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  return read.data ?? undefined;
}

export function PlaceThumb({ place }: { place: ThumbPlace }) {
  // the language comes from the api client's holder; useTranslation re-renders when it changes
  useTranslation();
  const sources = thumbSources(place, getCurrentLanguage());
  // a public place's pictures and cover are anyone's: a plain lazy <img>, kept by the browser
  const open = place.visibility.id === Visibility.all;
  const [failed, setFailed] = useState<readonly string[]>([]);
  const src = sources.find((s) => !failed.includes(s));
  const withToken = useReadWithToken(sources, place.updatedAt, !open);

  const shown = open ? src : withToken;
  if (!shown) return <span className="place-thumb place-thumb-empty" aria-hidden="true" />;
  return (
    <img
      className="place-thumb"
      src={shown}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      decoding="async"
      onError={open && src ? () => setFailed((f) => [...f, src]) : undefined}
    />
  );
}

/** A row's first column with the thumb before it (`.place-row > div:first-child` is that column). */
export function PlaceWithThumb({ place, children }: { place: ThumbPlace; children: ReactNode }) {
  return (
    <div className="place-with-thumb">
      <PlaceThumb place={place} />
      <div className="place-with-thumb-text">{children}</div>
    </div>
  );
}
