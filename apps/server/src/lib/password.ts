import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ErrorKey } from '@spotlist/contracts';
import { AppError } from './app-error.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';

/** OWASP argon2id parameters: m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = async (stored: string, password: string): Promise<boolean> => {
  try {
    return await verify(stored, password);
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
