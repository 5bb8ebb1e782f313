import type { TFunction } from '../../../lib/translator';

/** An app client's name for people: "Guest app", or the widget's name. */
export const appClientLabel = (c: { id: string; name: string | null }, t: TFunction): string =>
  c.id === 'guestapp' ? t('FLEET.GUEST_APP') : t('FLEET.WIDGET_NAMED', { name: c.name ?? c.id });
