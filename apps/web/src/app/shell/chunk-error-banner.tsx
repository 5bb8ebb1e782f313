import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/translator';
import { appEvents } from '../../lib/events';

/**
 * SPEC §8: on a chunk-loading error the shell offers a reload (usually a new version is out).
 * Plain markup on purpose: the offer must not depend on loading another chunk.
 */
export function ChunkErrorBanner() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  useEffect(
    () =>
      appEvents.on('chunk-loading-error', ({ message }) => {
        console.warn('chunk loading error', message);
        setOpen(true);
      }),
    [],
  );
  if (!open) return null;
  return (
    <section className="app-banner" role="alert" aria-label={t('CHUNK.TITLE')}>
      <p>
        <strong>{t('CHUNK.TITLE')}</strong> {t('CHUNK.MESSAGE')}
      </p>
      <button type="button" className="app-button" onClick={() => window.location.reload()}>
        {t('CHUNK.RELOAD')}
      </button>
      <button type="button" className="app-button app-button-clear" onClick={() => setOpen(false)}>
        {t('COMMON.CLOSE')}
      </button>
    </section>
  );
}
