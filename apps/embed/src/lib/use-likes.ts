import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { fetchLikes, readGuestKey, setLike, type GuestSource } from './guest.ts';

export interface Likes {
  liked: ReadonlySet<number>;
  /** Likes or unlikes at once; the server's refusal undoes it and sets `failed`. */
  toggle(placeId: number, widget?: string): void;
  failed: boolean;
  /** The guest's key once there is one (the first like creates it). */
  guestKey: string | null;
}

const flipped = (set: ReadonlySet<number>, placeId: number, like: boolean): ReadonlySet<number> => {
  const next = new Set(set);
  if (like) next.add(placeId);
  else next.delete(placeId);
  return next;
};

/**
 * The guest's likes, shown as filled hearts; a toggle is shown at once and undone when it fails.
 * `source` names the page a new guest comes from.
 */
export function useLikes(source?: GuestSource): Likes {
  const [liked, setLiked] = useState<ReadonlySet<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const [guestKey, setGuestKey] = useState(readGuestKey);
  // Every change goes through update(), so the ref always holds what is shown.
  const likedRef = useRef(liked);
  const pendingRef = useRef(new Set<number>());
  const sourceRef = useRef(source);
  useEffect(() => {
    sourceRef.current = source;
  });
  const update = (next: ReadonlySet<number>) => {
    likedRef.current = next;
    setLiked(next);
  };
  useEffect(() => {
    fetchLikes().then(
      (ids) => {
        // a tap while this was on its way wins
        if (!pendingRef.current.size) update(new Set(ids));
        setGuestKey(readGuestKey());
      },
      () => {}, // likes unknown (offline): hearts stay empty, a like still works later
    );
  }, []);
  const toggle = useCallback((placeId: number, widget?: string) => {
    // One request per place at a time: a second tap while the first is on its way is ignored.
    if (pendingRef.current.has(placeId)) return;
    pendingRef.current.add(placeId);
    const like = !likedRef.current.has(placeId);
    setFailed(false);
    update(flipped(likedRef.current, placeId, like));
    setLike(placeId, like, widget, sourceRef.current)
      .then(
        () => true,
        () => {
          setFailed(true);
          update(flipped(likedRef.current, placeId, !like));
          return false;
        },
      )
      .then((done) => {
        pendingRef.current.delete(placeId);
        setGuestKey(readGuestKey());
        // Once nothing is on its way, the server's list is the truth (another tab may have liked
        // too); reading it also refreshes the guest app's offline copy.
        if (done && !pendingRef.current.size)
          fetchLikes().then(
            (ids) => !pendingRef.current.size && update(new Set(ids)),
            () => {},
          );
      });
  }, []);
  return { liked, toggle, failed, guestKey };
}
