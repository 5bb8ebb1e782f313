import type { PlaceView } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { useSettledText } from '../../../lib/place-search';
import { hasAddress, usePlacePosition, type PositionFields } from '../api/place-position';
import { typedPoint } from './place-form-values';

type Point = { lat: number; lng: number };

/** Where the place will be once saved, and why (the status line of the form's position section). */
export type PositionPreview =
  | { kind: 'manual'; point: Point }
  | { kind: 'address'; point: Point }
  | { kind: 'city'; point: Point; city: string }
  | { kind: 'looking' }
  | { kind: 'none' }
  | { kind: 'country' }
  | { kind: 'unknown' }
  | { kind: 'later' };

const near = (a: Point, b: { latitude: number; longitude: number }) =>
  Math.abs(a.lat - b.latitude) < 1e-6 && Math.abs(a.lng - b.longitude) < 1e-6;
const sameFields = (a: PositionFields, b: PositionFields) =>
  a.address.trim() === b.address.trim() && a.city.trim() === b.city.trim() && a.country === b.country;

/** How long the address must stay unchanged before it is looked up (typing). */
const SETTLE_MS = 400;

/**
 * The position the server will give the place (README "Position"): the coordinates the user set
 * (typed or picked on the map); else, for a new place, an emptied position or one that came from
 * the saved address, where the address now leads (GET /api/place/position, looked up once the
 * typing settles). A saved position that did not come from its address (set by hand) stays.
 */
export function usePositionPreview(
  values: PositionFields & { latitude: string; longitude: string },
  place: PlaceView | null,
): PositionPreview {
  const fields: PositionFields = { address: values.address, city: values.city, country: values.country };
  const settledText = useSettledText(JSON.stringify([fields.address.trim(), fields.city.trim(), fields.country]), SETTLE_MS);
  const settled: PositionFields | null = settledText
    ? (([address, city, country]: string[]) => ({ address, city, country }))(JSON.parse(settledText) as string[])
    : null;
  const current = usePlacePosition(settled && sameFields(settled, fields) ? settled : null);

  const saved = place && place.latitude !== null && place.longitude !== null ? { lat: place.latitude, lng: place.longitude } : null;
  const savedFields: PositionFields | null = place
    ? { address: place.address ?? '', city: place.city ?? '', country: place.country ?? '' }
    : null;
  // did the saved position come from the saved address? (the server asks the same question)
  const origin = usePlacePosition(saved && savedFields ? savedFields : null);

  const typed = typedPoint(values);
  if (typed && !(saved && near(typed, { latitude: saved.lat, longitude: saved.lng }))) return { kind: 'manual', point: typed };
  if (typed && saved && savedFields) {
    if (origin.isPending && hasAddress(savedFields)) return { kind: 'looking' };
    const derived = origin.data ? near(saved, origin.data) : false;
    if (!derived) return { kind: 'manual', point: saved };
    if (sameFields(fields, savedFields)) {
      return origin.data!.source === 'city'
        ? { kind: 'city', point: saved, city: origin.data!.city ?? place!.city ?? '' }
        : { kind: 'address', point: saved };
    }
  }
  if (!hasAddress(fields)) return { kind: 'none' };
  if (!fields.address.trim() && !fields.country) return { kind: 'country' };
  if (!settled || !sameFields(settled, fields) || current.isPending) return { kind: 'looking' };
  if (current.isError) return { kind: 'later' };
  const found = current.data;
  if (!found) return { kind: 'unknown' };
  const point = { lat: found.latitude, lng: found.longitude };
  return found.source === 'city' ? { kind: 'city', point, city: found.city ?? fields.city.trim() } : { kind: 'address', point };
}

/** The preview in words, announced politely as it changes. */
export function PositionStatus({ preview }: { preview: PositionPreview }) {
  const { t } = useTranslation();
  const text = {
    manual: () => t('PLACE.POSITION_MANUAL'),
    address: () => t('PLACE.POSITION_FROM_ADDRESS'),
    city: () => t('PLACE.POSITION_FROM_CITY', { city: preview.kind === 'city' ? preview.city : '' }),
    looking: () => t('PLACE.POSITION_LOOKING'),
    none: () => t('PLACE.POSITION_NONE'),
    country: () => t('PLACE.POSITION_NEEDS_COUNTRY'),
    unknown: () => t('PLACE.POSITION_UNKNOWN'),
    later: () => t('PLACE.POSITION_LATER'),
  }[preview.kind]();
  return (
    <p className="form-hint place-position" role="status" data-testid="place-position">
      {text}
    </p>
  );
}
