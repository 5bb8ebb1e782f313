import type { FastifyRequest } from 'fastify';
import { DocumentDataSchema, ErrorKey, UPLOAD_FORM_KEYS } from '@spotlist/contracts';
import { AppError } from '../../lib/app-error.ts';
import { characterError, containsNul, nestedDeeperThan } from '../../platform/http/input-guard.ts';
import { cleanFileName } from './documents.service.ts';
import { receiveToTemp, ReceiveLimitError, type Received } from './receive.ts';
import fsp from 'node:fs/promises';

/** Text fields of an upload are JSON of at most this many bytes each. */
export const UPLOAD_FIELD_MAX_BYTES = 16 * 1024;

export interface UploadForm {
  received: Received;
  fileName: string;
  /** The other fields as sent (text). */
  fields: Record<string, string>;
}

const malformed = () => new AppError(ErrorKey.uploadMalformed, 400);

/**
 * Reads a multipart upload: one `file` part written to the temp folder (sha256, size and markup
 * learnt on the way, stopped at `limit` bytes) and small text fields. On any refusal the temp file
 * is gone before the error is thrown.
 */
export async function readUploadForm(req: FastifyRequest, tmpDir: string, limit: number): Promise<UploadForm> {
  if (!req.isMultipart()) throw new AppError(ErrorKey.badContentType, 415);
  let received: Received | undefined;
  let fileName = 'file';
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FORM_KEYS.file || received) throw malformed();
        fileName = cleanFileName(part.filename);
        received = await receiveToTemp(part.file, tmpDir, limit);
        if (part.file.truncated) throw new AppError(ErrorKey.uploadTooLarge, 413);
      } else {
        if (part.valueTruncated || typeof part.value !== 'string') throw malformed();
        if (Object.hasOwn(fields, part.fieldname)) throw malformed();
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (received) await fsp.rm(received.path, { force: true });
    if (err instanceof AppError) throw err;
    if (err instanceof ReceiveLimitError) throw new AppError(ErrorKey.uploadTooLarge, 413);
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(ErrorKey.uploadTooLarge, 413);
    throw malformed();
  }
  if (!received) throw new AppError(ErrorKey.uploadNoFile, 400);
  if (received.size === 0) {
    await fsp.rm(received.path, { force: true });
    throw new AppError(ErrorKey.uploadNoFile, 400);
  }
  return { received, fileName, fields };
}

/** A JSON object field (`data`, `extraData`), or undefined when absent or empty. */
export function jsonField(fields: Record<string, string>, name: string): Record<string, unknown> | undefined {
  const raw = fields[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  if (containsNul(raw)) throw characterError(); // PostgreSQL stores no NUL in jsonb
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw malformed();
  }
  if (value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value) || nestedDeeperThan(value)) throw malformed();
  return value as Record<string, unknown>;
}

/** The `data` field checked against DocumentDataSchema (unknown fields kept). */
export function dataField(fields: Record<string, string>): Record<string, unknown> {
  const raw = jsonField(fields, UPLOAD_FORM_KEYS.data) ?? {};
  const parsed = DocumentDataSchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError(
      ErrorKey.validation,
      400,
      parsed.error.issues.map((i) => ({
        path: `data.${i.path.join('.')}`,
        key: /^[A-Za-z.]+$/.test(i.message) ? i.message : 'FORM.ERROR.INVALID',
      })),
    );
  }
  return parsed.data;
}

/** An id given as `data` {id} or as a field `id`; undefined when neither is there. */
export function idField(fields: Record<string, string>, data: Record<string, unknown>): number | undefined {
  const raw = data.id ?? fields.id;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n <= 0 || n > 2_147_483_647)
    throw new AppError(ErrorKey.validation, 400, [{ path: 'data.id', key: 'FORM.ERROR.INVALID' }]);
  return n;
}
