/**
 * Tells the embedding page the content's height (`{ type: 'spotlist:height', height }`, read by
 * embed.js, which trusts only messages from this origin and this frame). The target origin is
 * `*`: the host page may be any site, and a height is nothing secret.
 */
import { HEIGHT_MESSAGE } from '../lib/messages.ts';

export function watchHeight(win: Window): void {
  if (win.parent === win) return;
  let last = -1;
  const post = () => {
    const h = Math.ceil(win.document.body.getBoundingClientRect().height);
    if (h === last) return;
    last = h;
    win.parent.postMessage({ type: HEIGHT_MESSAGE, height: h }, '*');
  };
  if ('ResizeObserver' in win) new ResizeObserver(post).observe(win.document.body);
  else win.setInterval(post, 500);
  win.addEventListener('load', post);
  post();
}
