import { isApiError } from './api-client';
import { i18next } from './translator';

/** The translated text of an API refusal; one this version has no text for says "something went wrong". */
export function errorText(error: unknown): string {
  const key = `ERROR.${isApiError(error) ? error.key : 'error.unknown'}`;
  return i18next.t(i18next.exists(key) ? key : 'ERROR.error.unknown');
}
