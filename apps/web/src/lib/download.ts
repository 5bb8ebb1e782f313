import { isNativePlatform } from './platform';

/**
 * Saves `blob` as a file named `name`. In a browser: through a temporary link (the browser's own
 * download), done when this returns. In the native shells, which have no downloads: written into
 * Documents in 1 MiB pieces and offered with the share sheet (lib/native/files.ts, loaded then);
 * the promise says when that is done and rejects when it failed (a name starting with '/', SPEC §5,
 * a refused permission, a full disk).
 */
export function saveBlob(blob: Blob, name: string): Promise<void> {
  if (isNativePlatform()) return import('./native/files').then((files) => files.saveAndShareFile(blob, name));
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // after the click has started the download
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return Promise.resolve();
}
