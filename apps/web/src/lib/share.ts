import { config } from './config';
import { isNativePlatform } from './platform';

/**
 * Sharing a link (a place, a list). In the native shells: the system's share sheet through
 * @capacitor/share (loaded then). In a browser: the Web Share sheet where there is one (phones),
 * else the link is copied to the clipboard. The caller shows what came of it (`copied`: say so).
 */
export interface ShareContent {
  title?: string;
  text?: string;
  url: string;
}

/** shared: a sheet was shown; copied: the link is on the clipboard; cancelled: the sheet was closed or failed; unavailable: neither works here. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'unavailable';

/**
 * The address others open for an app path ('/place/5'). The native shells' pages live at
 * https://localhost or capacitor://localhost, which means nothing to anyone else: there it is
 * the server's public address (config.publicUrl); in a browser this page's origin, as before.
 */
export function publicLink(path: string, publicUrl: string = config.publicUrl): string {
  // relative to the public address's own path, if it has one (https://example.org/app/place/5)
  if (isNativePlatform() && publicUrl) return new URL(path.replace(/^\/+/, ''), `${publicUrl.replace(/\/+$/, '')}/`).toString();
  return new URL(path, window.location.origin).toString();
}

/** Copies a link to the clipboard; false where there is no clipboard or the write was refused. */
export async function copyLink(url: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) return false;
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return false;
  }
}

export async function share({ title, text, url }: ShareContent): Promise<ShareOutcome> {
  if (isNativePlatform()) {
    try {
      const { Share } = await import('@capacitor/share');
      await Share.share({ title, text, url, dialogTitle: title });
      return 'shared';
    } catch (error) {
      // the plugin rejects when the sheet is closed without a choice
      console.info('not shared', error);
      return 'cancelled';
    }
  }
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text, url });
      return 'shared';
    } catch {
      return 'cancelled';
    }
  }
  return (await copyLink(url)) ? 'copied' : 'unavailable';
}
