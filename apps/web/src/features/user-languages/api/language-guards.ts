import type { Language, UserLanguage } from '@spotlist/contracts';

/**
 * Structural checks of the contracts' LanguageSchema / UserLanguageSchema answers. The pages of
 * this feature have no forms, so they do not load zod just to check two small answers.
 */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export const isLanguage = (v: unknown): v is Language =>
  isRecord(v) && typeof v.id === 'number' && typeof v.key === 'string' && typeof v.name === 'string' && typeof v.isocode === 'string';

export const isUserLanguage = (v: unknown): v is UserLanguage =>
  isLanguage(v) && typeof (v as { isDefault?: unknown }).isDefault === 'boolean';

/** A list response ({ list, total, pageIndex, pageSize }) whose items pass `item`. */
export const isListOf =
  <T>(item: (v: unknown) => v is T) =>
  (v: unknown): v is { list: T[] } =>
    isRecord(v) && Array.isArray(v.list) && v.list.every(item);
