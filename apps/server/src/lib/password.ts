import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ErrorKey } from '@spotlist/contracts';
import { AppError } from './app-error.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** OWASP argon2id parameters: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes running at once; the others wait here, in order. Each takes a thread of libuv's pool
 * (4 threads unless UV_THREADPOOL_SIZE says otherwise) for ~20 ms of CPU: a burst of logins
 * queued there would hold back every file read and compression behind it, and node, at exit,
 * first finishes all that is queued there — a shutdown would wait for hundreds of hashes nobody
 * waits for any more (apps/server/faults/README.md). As many as there are CPUs, and at least one
 * of the 4 pool threads left for the rest.
 */
const HASHES_AT_ONCE = Math.max(1, Math.min(os.availableParallelism(), 3));
let hashing = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else hashing++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

export const hashPassword = (password: string): Promise<string> => limited(() => hash(password, OPTIONS));

export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await limited(() => verify(stored, password));
  } catch {
    return false;
  }
};

/** A hash to verify against when the account does not exist, so both answers take as long. */
let dummy: Promise<string> | undefined;
export const dummyHash = (): Promise<string> => (dummy ??= hashPassword('not-a-real-password-for-timing'));

/** Throws the key the client shows when a new password breaks the policy. */
export function assertPasswordPolicy(password: string, email?: string): void {
  if ([...password].length < PASSWORD_MIN_LENGTH) throw new AppError(ErrorKey.passwordTooShort, 400);
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError(ErrorKey.passwordTooLong, 400);
  if (password.includes('\u0000')) throw new AppError(ErrorKey.validation, 400);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower) || (email && lower === email.toLowerCase())) {
    throw new AppError(ErrorKey.passwordCommon, 400);
  }
}
