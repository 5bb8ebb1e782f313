import { useTranslation } from '../lib/translator';

/**
 * Where a map is about to be while its code loads (Leaflet is a chunk of its own): a muted box of
 * the map's own size (the surrounding class sets it, as for the map), so nothing below moves when
 * the map arrives. One status says "Loading…" to assistive technology.
 */
export function MapLoading({ picker = false }: { picker?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={picker ? 'map-picker' : 'places-map'} role="status" aria-label={t('COMMON.LOADING')}>
      <div className={`${picker ? 'map-picker-map' : 'places-map-map'} map-loading`} />
    </div>
  );
}
