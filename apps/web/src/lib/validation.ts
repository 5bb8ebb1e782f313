import type { z } from 'zod';

/**
 * SPEC §5 form error keys. Contracts' schemas carry translation keys as messages
 * (FORM.ERROR.REQUIRED …, hasId); other names become FORM.ERROR.{UPPERCASED_NAME}
 * (hasId → FORM.ERROR.HASID, validateEqual → FORM.ERROR.VALIDATEEQUAL). A message that is
 * neither (a zod default sentence) is shown as FORM.ERROR.INVALID, never as English text.
 */
export function formErrorKey(message: string | undefined): string {
  if (!message) return 'FORM.ERROR.INVALID';
  if (/^FORM\.ERROR\.[A-Z0-9_]+$/.test(message)) return message;
  if (/^[A-Za-z][A-Za-z0-9]*$/.test(message)) return `FORM.ERROR.${message.toUpperCase()}`;
  return 'FORM.ERROR.INVALID';
}

/**
 * SPEC §5 confirm-equality: `field` must match `other`; error key validateEqual on `field`;
 * empty values pass. (Forms re-validate `field` when `other` changes, so both clear together.)
 * It runs even while other fields fail (`when`), so every error shows at once.
 */
export function validateEqual<S extends z.ZodType<Record<string, unknown>>>(schema: S, field: string, other: string) {
  const filled = (v: unknown) => v !== undefined && v !== null && v !== '';
  return schema.refine((value) => !(filled(value[field]) && filled(value[other]) && value[field] !== value[other]), {
    path: [field],
    message: 'validateEqual',
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}
