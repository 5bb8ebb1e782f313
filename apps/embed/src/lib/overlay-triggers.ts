/**
 * When an overlay shows (SPEC §7 overlays; contracts `OverlayTrigger`): after N seconds, at a
 * scroll depth, on exit intent, or on a click of an element with a given id. Shared by embed.js
 * (on a business's website) and the guest app and widget frame (in the page itself), so kept
 * small: embed.js carries it.
 */
import type { OverlayTrigger } from '@spotlist/contracts';

/**
 * Arms a trigger on a page; `fire` runs when it goes off — possibly more than once (a second
 * click, more scrolling): the caller shows an overlay once. Returns what disarms it.
 *
 * - load: `delaySeconds` after arming.
 * - scroll: the bottom of the viewport reached `percent` of the document's height (checked on
 *   scroll only: a page that cannot scroll never fires).
 * - exit: with `exitIntent` (a desktop: a fine pointer), the pointer leaving the document through
 *   its top; without (phones; pages inside our own frames, which cannot see the pointer leave the
 *   window) after `fallbackSeconds`.
 * - click: a click on the element with id `elementId` or inside it, also one added later
 *   (delegated; in the capture phase, so a handler stopping the click does not hide it).
 */
export function armTrigger(win: Window, trigger: OverlayTrigger, fire: () => void, exitIntent: boolean): () => void {
  const doc = win.document;
  const listen = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) => {
    const handler = fn as EventListener;
    target.addEventListener(type, handler, { capture: true, passive: true });
    return () => target.removeEventListener(type, handler, { capture: true });
  };
  const after = (seconds: number) => {
    const timer = win.setTimeout(fire, seconds * 1000);
    return () => win.clearTimeout(timer);
  };
  switch (trigger.kind) {
    case 'load':
      return after(trigger.delaySeconds);
    case 'scroll':
      return listen(win, 'scroll', () => {
        const height = doc.documentElement.scrollHeight;
        if (height > 0 && ((win.scrollY + win.innerHeight) * 100) / height >= trigger.percent) fire();
      });
    case 'exit':
      return exitIntent
        ? listen(doc, 'mouseout', (e: MouseEvent) => {
            if (!e.relatedTarget && e.clientY <= 0) fire();
          })
        : after(trigger.fallbackSeconds);
    case 'click':
      return listen(doc, 'click', (e) => {
        for (let node = e.target as Node | null; node; node = node.parentNode)
          if ((node as Element).id === trigger.elementId) return fire();
      });
    default:
      return () => {};
  }
}
