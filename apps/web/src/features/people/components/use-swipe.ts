import { useRef, type MouseEvent, type PointerEvent, type RefObject } from 'react';

export type SwipeOutcome = 'match' | 'nomatch';

/** How far a card must travel to count: 30 % of its width, at most 120 px. */
export const swipeThreshold = (width: number): number => Math.min(120, width * 0.3);

/** Right far enough is a match, left far enough a no; anything shorter springs back. */
export function swipeOutcome(dx: number, width: number): SwipeOutcome | null {
  const threshold = swipeThreshold(width);
  if (dx >= threshold) return 'match';
  if (dx <= -threshold) return 'nomatch';
  return null;
}

/** Movement before a drag counts as horizontal or vertical (a scroll is left to the page). */
const SLOP = 10;

interface Drag {
  id: number;
  x: number;
  y: number;
  dx: number;
  horizontal: boolean | null;
}

/**
 * Swiping the top suggestion card with a finger or pen (a mouse selects text as usual; the buttons
 * do the same for everyone). The card follows the finger with a tilt, its Match or No match stamp
 * fading in; past the threshold it flies out and `onSwipe` runs; if that fails it comes back. The
 * position lives in CSS variables set on `ref`'s element (no render per pointer move). Answers the
 * pointer handlers to spread on that element.
 */
export function useSwipe<E extends HTMLElement>(
  ref: RefObject<E | null>,
  enabled: boolean,
  onSwipe: (outcome: SwipeOutcome) => Promise<unknown>,
) {
  const drag = useRef<Drag | null>(null);
  /** A drag just ended: the click that may follow it (on the name, a place) is not a tap. */
  const dragged = useRef(false);

  const place = (dx: number) => {
    const el = ref.current;
    if (!el) return;
    const threshold = swipeThreshold(el.offsetWidth || 320);
    el.style.setProperty('--swipe-x', `${dx}px`);
    el.style.setProperty('--swipe-rotate', `${Math.max(-15, Math.min(15, dx / 16))}deg`);
    el.style.setProperty('--swipe-match', String(Math.max(0, Math.min(1, dx / threshold))));
    el.style.setProperty('--swipe-nomatch', String(Math.max(0, Math.min(1, -dx / threshold))));
  };
  const end = (dx: number) => {
    ref.current?.classList.remove('people-card-dragging');
    place(dx);
  };

  const onPointerDown = (e: PointerEvent<E>) => {
    if (!enabled || e.pointerType === 'mouse' || !e.isPrimary) return;
    // the name and the places may start a swipe (most of a small card); the buttons and fields not
    if ((e.target as Element).closest('button, input, select, textarea')) return;
    dragged.current = false;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, dx: 0, horizontal: null };
  };
  const onPointerMove = (e: PointerEvent<E>) => {
    const d = drag.current;
    const el = ref.current;
    if (!d || !el || e.pointerId !== d.id) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (d.horizontal === null) {
      if (Math.abs(dx) < SLOP && Math.abs(dy) < SLOP) return;
      d.horizontal = Math.abs(dx) > Math.abs(dy);
      if (!d.horizontal) {
        drag.current = null;
        return;
      }
      el.setPointerCapture?.(e.pointerId);
      el.classList.add('people-card-dragging');
      dragged.current = true;
    }
    d.dx = dx;
    place(dx);
  };
  const onPointerUp = (e: PointerEvent<E>) => {
    const d = drag.current;
    const el = ref.current;
    drag.current = null;
    if (!d || !el || e.pointerId !== d.id || !d.horizontal) return;
    const outcome = swipeOutcome(d.dx, el.offsetWidth);
    if (!outcome) return end(0);
    // off the screen on its side, then the action; a refusal brings it back
    end((outcome === 'match' ? 1 : -1) * Math.max(el.offsetWidth, 320) * 1.5);
    onSwipe(outcome).catch(() => end(0));
  };
  const onPointerCancel = () => {
    if (drag.current?.horizontal) end(0);
    drag.current = null;
  };

  const onClickCapture = (e: MouseEvent<E>) => {
    if (!dragged.current) return;
    dragged.current = false;
    e.preventDefault();
    e.stopPropagation();
  };

  return enabled ? { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onClickCapture } : {};
}
