import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_CHUNK_BYTES } from '@spotlist/contracts';
import { markupScanner, SNIFF_BYTES } from './file-type.ts';

/** A file received into the temp folder, with what was learnt while it was written. */
export interface Received {
  path: string;
  size: number;
  sha256: string;
  /** The first SNIFF_BYTES bytes (the type is decided from them). */
  head: Buffer;
  /** Markup (HTML, script, PHP) somewhere in the bytes. */
  markup: boolean;
}

/** The stream had more than `limit` bytes; the temp file is already gone. */
export class ReceiveLimitError extends Error {
  constructor(readonly limit: number) {
    super(`more than ${limit} bytes`);
  }
}

/** A fresh, unguessable temp file name in `dir`. */
export async function tempPath(dir: string, tag = 'up'): Promise<string> {
  await fsp.mkdir(dir, { recursive: true });
  return path.join(dir, `${tag}-${crypto.randomBytes(12).toString('hex')}`);
}

/** What is learnt from the bytes as they pass: size, sha256, the head, markup anywhere. */
function inspector() {
  const hash = crypto.createHash('sha256');
  const scan = markupScanner();
  const headParts: Buffer[] = [];
  let headLen = 0;
  let size = 0;
  return {
    push(chunk: Buffer) {
      size += chunk.length;
      hash.update(chunk);
      scan.push(chunk);
      if (headLen < SNIFF_BYTES) {
        const part = chunk.subarray(0, SNIFF_BYTES - headLen);
        headParts.push(part);
        headLen += part.length;
      }
      return size;
    },
    result: (file: string): Received => ({
      path: file,
      size,
      sha256: hash.digest('hex'),
      head: Buffer.concat(headParts),
      markup: scan.found,
    }),
  };
}

/**
 * Writes `source` to a temp file in UPLOAD_CHUNK_BYTES chunks while hashing (sha256), counting,
 * keeping the head and scanning for markup; stops at `limit` bytes. On any failure the temp file
 * is removed before the error is thrown.
 */
export async function receiveToTemp(source: AsyncIterable<Buffer | string>, dir: string, limit: number): Promise<Received> {
  const file = await tempPath(dir);
  const fh = await fsp.open(file, 'wx', 0o600);
  const seen = inspector();
  let pending: Buffer[] = [];
  let pendingLen = 0;
  const flush = async () => {
    if (pendingLen === 0) return;
    const buf = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingLen);
    pending = [];
    pendingLen = 0;
    await fh.write(buf);
  };
  try {
    for await (const piece of source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
      if (seen.push(chunk) > limit) throw new ReceiveLimitError(limit);
      pending.push(chunk);
      pendingLen += chunk.length;
      if (pendingLen >= UPLOAD_CHUNK_BYTES) await flush();
    }
    await flush();
    await fh.close();
  } catch (err) {
    await fh.close().catch(() => {});
    await fsp.rm(file, { force: true });
    throw err;
  }
  return seen.result(file);
}

/** Reads a file already on disk (a finished resumable upload) as receiveToTemp does, without copying it. */
export async function inspectFile(file: string): Promise<Received> {
  const seen = inspector();
  for await (const piece of fs.createReadStream(file, { highWaterMark: UPLOAD_CHUNK_BYTES })) seen.push(piece as Buffer);
  return seen.result(file);
}

/** The sha256 of a file on disk. */
export async function sha256File(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: UPLOAD_CHUNK_BYTES })) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
