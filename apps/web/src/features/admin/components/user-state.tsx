import type { AdminUser } from '@spotlist/contracts';
import { useTranslation } from '../../../lib/translator';
import { formatDate, useLocale } from '../../../lib/format';

/** Locked, suspended (until when) or active, as badges. */
export function UserStateBadges({ user }: { user: Pick<AdminUser, 'lockedAt' | 'suspendedUntil'> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (user.lockedAt) return <span className="state-badge state-badge-danger">{t('CONSOLE.STATE_LOCKED')}</span>;
  if (user.suspendedUntil)
    return (
      <span className="state-badge state-badge-warning">
        {t('CONSOLE.SUSPENDED_UNTIL', { date: formatDate(user.suspendedUntil, locale) })}
      </span>
    );
  return <span className="state-badge state-badge-ok">{t('CONSOLE.STATE_ACTIVE')}</span>;
}
