import { useEffect } from 'react';
import { useTranslation } from '../../lib/translator';
import { ERROR_KEYS as ErrorKey } from '../../lib/error-keys';
import { appEvents } from '../../lib/events';

/** Keys that are only logged, never toasted (SPEC §8: the caller prompts instead: the existing password, the terms of a new account). */
const LOG_ONLY_KEYS: ReadonlySet<string> = new Set([
  'error.existing.password.required',
  'error.existing.password.wrong',
  'error.external.terms.required',
]);

/**
 * SPEC §8: the translation key of the toast for an API error key, or null when the error is only
 * logged. USER_UNVERIFIED has its own message; unknown keys fall back to error.unknown.
 */
export function errorToastKey(key: string, exists: (k: string) => boolean): string | null {
  if (LOG_ONLY_KEYS.has(key)) return null;
  if (key === ErrorKey.userUnverified) return 'ERROR.MESSAGE.USERUNVERIFIED';
  const candidate = `ERROR.${key}`;
  return exists(candidate) ? candidate : `ERROR.${ErrorKey.unknown}`;
}

const loadPresenter = () => import('./toast-presenter');

/**
 * Shows an error toast for every api-error event (SPEC §8). The toast code loads on demand and is
 * fetched in the background once the app is idle, so it is ready before the first error.
 */
export function ErrorToast() {
  const { t, i18n } = useTranslation();

  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 2000));
    idle(() => void loadPresenter().catch(() => undefined));
  }, []);

  useEffect(
    () =>
      appEvents.on('api-error', ({ key, status, path }) => {
        console.warn(`api error ${status} ${key} (${path})`);
        const messageKey = errorToastKey(key, (k) => i18n.exists(k));
        if (!messageKey) return;
        loadPresenter()
          .then(({ presentErrorToast }) => presentErrorToast(t(messageKey), t('COMMON.CLOSE')))
          .catch((error: unknown) => console.error('error toast failed', error));
      }),
    [i18n, t],
  );

  return null;
}
