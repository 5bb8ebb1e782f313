import { USER_FLAGS, type User } from '@spotlist/contracts';

/**
 * A structural check of the user answers the shell itself reads (session check, token refresh).
 * The full contracts schema (zod) is used by the pages that log in, sign up or edit the profile;
 * keeping zod out of the first bundle is worth this short check of the fields the shell relies on.
 */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const hasId = (v: unknown): boolean => isObject(v) && typeof v.id === 'number';

export function isUser(value: unknown): value is User {
  if (!isObject(value)) return false;
  const v = value;
  return (
    typeof v.id === 'number' &&
    typeof v.email === 'string' &&
    isObject(v.nickname) &&
    typeof v.nickname.value === 'string' &&
    hasId(v.accountType) &&
    isObject(v.language) &&
    typeof v.language.id === 'number' &&
    typeof v.language.key === 'string' &&
    typeof v.profileFilled === 'boolean' &&
    Array.isArray(v.permissionsInclude) &&
    USER_FLAGS.every((f) => typeof v[f] === 'boolean') &&
    (v.authtoken === undefined || typeof v.authtoken === 'string')
  );
}
