/**
 * One overlay as visitors see it — in the overlay frame (`/o/{site}`, which embed.js places on a
 * business's website) and in our own pages (guest app, widget frame): title, picture, the
 * business's rich text, up to two buttons and a visible close button. Escape closes it; a modal
 * or full-screen overlay is a modal dialog that keeps Tab inside.
 */
import type { PublicOverlay } from '@spotlist/contracts';
import { useEffect, useRef } from 'preact/hooks';
import { overlayTranslator } from './overlay-i18n.ts';
import './overlay.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * Where a button leads: a page of this server (`/place/1`, `/lists/2`, `/g/ID#chat`) as an
 * absolute address on `origin` (the overlay frame's links open in a new tab from a visitor's
 * website), a link as it is when http(s), mailto or tel; anything else is dropped.
 */
export function buttonHref(href: string, origin: string): string | null {
  if (/^\/(?![/\\])/.test(href)) return origin + href;
  return /^(https?:\/\/|mailto:|tel:)/i.test(href) ? href : null;
}

/** Keeps Tab and Shift+Tab inside `root` (a modal dialog). */
export function trapTab(e: KeyboardEvent, root: HTMLElement): void {
  const items = [...root.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const active = root.ownerDocument.activeElement;
  const outside = !root.contains(active);
  if (!items.length) {
    e.preventDefault();
    root.focus();
    return;
  }
  const first = items[0];
  const last = items[items.length - 1];
  if (e.shiftKey ? outside || active === first || active === root : outside || active === last) {
    e.preventDefault();
    (e.shiftKey ? last : first).focus();
  }
}

export interface OverlayCardProps {
  overlay: PublicOverlay;
  /**
   * In one of our pages (guest app, widget frame): bars and slide-ins are fixed to its viewport,
   * and only a modal takes the focus. Else (the overlay frame) embed.js places the frame, and the
   * card takes the focus embed.js gave the frame.
   */
  inPage?: boolean;
  onClose(): void;
  /** A button was followed (counted as a click); `leave`: the overlay makes way (no close counted). */
  onButton(leave?: boolean): void;
  /** The height of a bar or slide-in, whenever it changes (the overlay frame tells embed.js). */
  onSize?(height: number): void;
  /** Pages of this server (buttons to places, lists, the chat). */
  origin?: string;
  /** The page's path: a "message us" button to this very page (the guest app) opens its chat in place. */
  path?: string;
}

export function OverlayCard({ overlay: o, inPage = false, onClose, onButton, onSize, origin = location.origin, path }: OverlayCardProps) {
  const t = overlayTranslator(o.language);
  const rootRef = useRef<HTMLDivElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const modal = o.format === 'modal' || o.format === 'fullScreen';
  const bar = o.format === 'topBar' || o.format === 'bottomBar';
  const titleId = `slo-title-${o.id}`;

  useEffect(() => {
    if (modal || !inPage) cardRef.current!.focus();
    // once, when it shows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const card = cardRef.current!;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && (modal || !inPage || card.contains(e.target as Node))) {
        e.preventDefault();
        onClose();
      } else if (e.key === 'Tab' && modal) trapTab(e, card);
    };
    const doc = card.ownerDocument;
    doc.addEventListener('keydown', onKey);
    return () => doc.removeEventListener('keydown', onKey);
  }, [modal, inPage, onClose]);

  useEffect(() => {
    if (!onSize) return;
    const root = rootRef.current!;
    const report = () => onSize(Math.ceil(root.getBoundingClientRect().height));
    report();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(report) : null;
    observer?.observe(root);
    addEventListener('resize', report);
    return () => {
      observer?.disconnect();
      removeEventListener('resize', report);
    };
    // the reporter is the page's, set once
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const buttons = o.buttons.flatMap((b) => {
    const href = buttonHref(b.href, origin);
    if (!href) return [];
    const here = b.kind === 'message' && !!path && b.href.startsWith(`${path}#`);
    return [{ ...b, href: here ? b.href : href, here }];
  });

  return (
    <div ref={rootRef} class={`slo slo-${o.format}${inPage ? ' slo-in-page' : ''}`} lang={o.language}>
      {o.format === 'modal' && <div class="slo-backdrop" onClick={onClose} />}
      <div
        ref={cardRef}
        class="slo-card"
        tabIndex={-1}
        role={bar ? 'region' : 'dialog'}
        aria-modal={modal ? 'true' : undefined}
        aria-labelledby={o.title ? titleId : undefined}
        aria-label={o.title ? undefined : t('announcement')}
      >
        <button type="button" class="slo-close" aria-label={t('close')} title={t('close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        {o.imageUrl && <img class="slo-img" src={o.imageUrl} alt="" />}
        <div class="slo-body">
          {o.title && (
            <h2 id={titleId} class="slo-title">
              {o.title}
            </h2>
          )}
          {/* sanitized on the server to an allow-list (modules/overlays/sanitize.ts); the pages' CSP forbids inline script */}
          {o.html && <div class="slo-text" dangerouslySetInnerHTML={{ __html: o.html }} />}
          {buttons.length > 0 && (
            <div class="slo-actions">
              {buttons.map((b, i) =>
                b.here ? (
                  // the guest app's own chat: opened in place (its #chat), the overlay makes way
                  <a key={i} class="slo-btn" href={b.href} onClick={() => onButton(true)}>
                    {b.label}
                  </a>
                ) : (
                  <a key={i} class="slo-btn" href={b.href} target="_blank" rel="noopener noreferrer" onClick={() => onButton()}>
                    {b.label}
                  </a>
                ),
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
