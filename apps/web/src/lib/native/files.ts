import { UPLOAD_CHUNK_BYTES } from '@spotlist/contracts';

/**
 * Files the app saves in the native shells (exports, QR codes, attachments): the WebView has no
 * download manager, so the file is written with @capacitor/filesystem into the user's Documents
 * (Android: the public Documents folder; iOS: the app's, shown in the Files app), in 1 MiB pieces
 * (SPEC §9: writeFile with the first, appendFile with each next, so no base64 copy of the whole
 * file is ever held), and then offered with the share sheet (open, send, save elsewhere).
 */

/** The folder inside Documents that the app's files go to. */
export const FILES_DIRECTORY = 'Spotlist';

/** SPEC §5: a directory or file name cannot start with '/' (nor leave the app's folder, nor be empty). */
export class FilePathError extends Error {
  constructor(
    readonly path: string,
    reason: string,
  ) {
    super(`${reason}: "${path}"`);
    this.name = 'FilePathError';
  }
}

/** `directory/name` (or `name` alone); throws FilePathError for a name the app must not write. */
export function filePath(directory: string, name: string): string {
  for (const part of [directory, name]) {
    if (part.startsWith('/')) throw new FilePathError(part, "A directory or file name cannot start with '/'");
    if (part.split('/').includes('..')) throw new FilePathError(part, "A directory or file name cannot contain '..'");
  }
  if (name === '') throw new FilePathError(name, 'A file needs a name');
  return directory ? `${directory.replace(/\/+$/, '')}/${name}` : name;
}

/** Base64 of bytes (what the plugin takes for a binary write), built in slices (no huge argument lists). */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function chunkBase64(blob: Blob, start: number): Promise<string> {
  const part = blob.slice(start, Math.min(start + UPLOAD_CHUNK_BYTES, blob.size));
  return base64(new Uint8Array(await part.arrayBuffer()));
}

/**
 * Writes `blob` as Documents/<directory>/<name> (replacing a file of that name) and returns its
 * URI. Throws FilePathError before writing anything when a name starts with '/'.
 */
export async function writeDocument(blob: Blob, name: string, directory: string = FILES_DIRECTORY): Promise<string> {
  const path = filePath(directory, name);
  const { Directory, Filesystem } = await import('@capacitor/filesystem');
  // Android 10 and older ask for the storage permission; newer systems and iOS answer granted
  const permission = await Filesystem.checkPermissions();
  if (permission.publicStorage !== 'granted' && (await Filesystem.requestPermissions()).publicStorage !== 'granted') {
    throw new Error('the storage permission was refused');
  }
  const { uri } = await Filesystem.writeFile({
    path,
    data: await chunkBase64(blob, 0),
    directory: Directory.Documents,
    recursive: true,
  });
  for (let start = UPLOAD_CHUNK_BYTES; start < blob.size; start += UPLOAD_CHUNK_BYTES) {
    await Filesystem.appendFile({ path, data: await chunkBase64(blob, start), directory: Directory.Documents });
  }
  return uri;
}

/** Writes the file, then opens the share sheet with it; closing the sheet keeps the file. */
export async function saveAndShareFile(blob: Blob, name: string): Promise<void> {
  const uri = await writeDocument(blob, name);
  const { Share } = await import('@capacitor/share');
  try {
    await Share.share({ title: name, files: [uri] });
  } catch (error) {
    // the plugin rejects when the sheet is closed without a choice: the file is saved anyway
    console.info('file not shared', error);
  }
}
