/**
 * Where the guest app and the widget frame put the business's overlays. Only this is in their
 * first load: the overlays' code (in-page.tsx, the card and its styles) loads when the business
 * has overlays switched on (`overlaySite` in the public answer is set).
 */
import { useEffect, useState } from 'preact/hooks';
import type { InPageOverlaysProps } from './in-page.tsx';

type Host = (typeof import('./in-page.tsx'))['InPageOverlays'];

export function PageOverlays({ site, ...rest }: Omit<InPageOverlaysProps, 'site'> & { site: string | null }) {
  const [Host, setHost] = useState<Host | null>(null);
  useEffect(() => {
    if (site && !Host)
      import('./in-page.tsx').then(
        (m) => setHost(() => m.InPageOverlays),
        () => {},
      );
  }, [site, Host]);
  return Host && site ? <Host site={site} {...rest} /> : null;
}
