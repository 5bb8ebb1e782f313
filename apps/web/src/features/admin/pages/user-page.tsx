import { ADMIN_FLAGS, CLIENT_SCOPED_PERMISSIONS, Permission, type AdminUserDetail, type UserFlag } from '@spotlist/contracts';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { formatDateTime, useLocale } from '../../../lib/format';
import { useAdminRoles, useAdminUser, useChangeUser, useRevokeSession } from '../api/admin';
import { ActionError } from '../components/console-controls';
import { ConsoleNav, useCan } from '../components/console-nav';
import { UserStateBadges } from '../components/user-state';

const FLAG_KEYS: Record<UserFlag, string> = {
  hasGuest: 'MENU.GUEST_MODE_APP',
  widgetv1activated: 'MENU.WIDGET',
  widgetv2activated: 'MENU.WIDGET_LIST',
  aiassistantactivated: 'MENU.AI_CONTENT_ASSISTANT',
  overlayactivated: 'MENU.OVERLAY_MANAGER',
  gpstrackingactivated: 'MENU.GPS_TRACKING',
};

/** SPEC §1 activation flags, one switch each (admin.flags). */
function Flags({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const change = useChangeUser(user.id);
  // the switch moves at once; the answer (or a failure) settles it
  const [pending, setPending] = useState<Partial<Record<UserFlag, boolean>>>({});
  const set = (flag: UserFlag, on: boolean) => {
    setPending((p) => ({ ...p, [flag]: on }));
    change.mutate(
      { kind: 'flags', flags: { [flag]: on } },
      { onSettled: () => setPending((p) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== flag))) },
    );
  };
  return (
    <section className="form-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('CONSOLE.FLAGS')}</h2>
      <p className="form-hint">{t('CONSOLE.FLAGS_HINT')}</p>
      <ul className="flag-list">
        {ADMIN_FLAGS.map((flag) => (
          <li key={flag} className="check-field">
            <input
              id={`${id}-${flag}`}
              type="checkbox"
              checked={pending[flag] ?? user.flags[flag]}
              onChange={(e) => set(flag, e.target.checked)}
            />
            <label htmlFor={`${id}-${flag}`}>{t(FLAG_KEYS[flag])}</label>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The account's roles: every role for admin.roles; a client admin gives client-scoped roles only. */
function Roles({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const can = useCan();
  const roles = useAdminRoles();
  const change = useChangeUser(user.id);
  const [pending, setPending] = useState<number[] | null>(null);
  const held = new Set(pending ?? user.roles.map((r) => r.id));
  const wide = can(Permission.adminRoles);
  return (
    <section className="form-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('CONSOLE.ROLES')}</h2>
      <ul className="role-list">
        {(roles.data ?? []).map((role) => {
          const allowed = wide || role.permissions.every((p) => (CLIENT_SCOPED_PERMISSIONS as readonly string[]).includes(p));
          return (
            <li key={role.id} className="check-field">
              <input
                id={`${id}-${role.id}`}
                type="checkbox"
                checked={held.has(role.id)}
                disabled={!allowed || change.isPending}
                onChange={(e) => {
                  const next = new Set(held);
                  if (e.target.checked) next.add(role.id);
                  else next.delete(role.id);
                  setPending([...next]);
                  change.mutate({ kind: 'roles', roleIds: [...next] }, { onSettled: () => setPending(null) });
                }}
              />
              <label htmlFor={`${id}-${role.id}`}>
                {role.name} <span className="console-muted">{role.permissions.join(', ')}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <ActionError error={change.error} />
    </section>
  );
}

/** Lock (with a reason for the log) and unlock; the open sessions, each to be ended (admin.users). */
function Access({ user }: { user: AdminUserDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [reason, setReason] = useState('');
  const change = useChangeUser(user.id);
  const revoke = useRevokeSession(user.id);
  return (
    <>
      <section className="form-section" aria-labelledby={`${id}-lock`}>
        <h2 id={`${id}-lock`}>{t('CONSOLE.LOCK_TITLE')}</h2>
        {user.lockedAt ? (
          <>
            <p>{t('CONSOLE.LOCKED_SINCE', { date: formatDateTime(user.lockedAt, locale) })}</p>
            <div className="button-row">
              <button type="button" className="app-button" disabled={change.isPending} onClick={() => change.mutate({ kind: 'unlock' })}>
                {t('CONSOLE.UNLOCK')}
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="form-hint">{t('CONSOLE.LOCK_HINT')}</p>
            <TextInput label={t('CONSOLE.LOCK_REASON')} value={reason} onValue={setReason} />
            <div className="button-row">
              <button
                type="button"
                className="app-button app-button-danger"
                disabled={change.isPending}
                onClick={() => change.mutate({ kind: 'lock', reason: reason.trim() || undefined })}
              >
                {t('CONSOLE.LOCK')}
              </button>
            </div>
          </>
        )}
        <ActionError error={change.error} />
      </section>
      <section className="form-section" aria-labelledby={`${id}-sessions`}>
        <h2 id={`${id}-sessions`}>{t('CONSOLE.SESSIONS')}</h2>
        {user.sessions.length === 0 ? (
          <EmptyState compact text={t('CONSOLE.NO_SESSIONS')} />
        ) : (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.SESSION_STARTED')}</th>
                <th scope="col">{t('CONSOLE.SESSION_RENEWED')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('CONSOLE.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {user.sessions.map((s) => (
                <tr key={s.id}>
                  <td data-label={t('CONSOLE.SESSION_STARTED')}>{formatDateTime(s.createdAt, locale)}</td>
                  <td data-label={t('CONSOLE.SESSION_RENEWED')}>{formatDateTime(s.renewedAt, locale)}</td>
                  <td>
                    <button
                      type="button"
                      className="app-button app-button-outline app-button-small"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(s.id)}
                    >
                      {t('CONSOLE.END_SESSION')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** One account in the console: who it is, its state, and what this console user may change of it. */
function UserPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const can = useCan();
  const id = Number(useParams().id);
  const user = useAdminUser(id);
  const u = user.data;
  return (
    <PageLayout title={t('CONSOLE.USERS')}>
      {user.isError && (
        <EmptyState level={1} role="status" picture="not-found" title={t('CONSOLE.USER_MISSING')} text={t('CONSOLE.USER_MISSING_HINT')} />
      )}
      {u && (
        <>
          <h1>{u.nickname || u.email}</h1>
          <ConsoleNav current="users" />
          <dl className="report-facts">
            <dt>{t('PROFILE.EMAIL')}</dt>
            <dd>{u.email}</dd>
            <dt>{t('PROFILE.ACCOUNT_TYPE')}</dt>
            <dd>{t(accountTypeLabelKey(u.accountType))}</dd>
            <dt>{t('CONSOLE.CLIENT')}</dt>
            <dd>{u.client.name}</dd>
            <dt>{t('CONSOLE.SINCE')}</dt>
            <dd>{formatDateTime(u.createdAt, locale)}</dd>
            <dt>{t('CONSOLE.STATE')}</dt>
            <dd>
              <UserStateBadges user={u} />
            </dd>
            <dt>{t('CONSOLE.REPORTS')}</dt>
            <dd>{u.reports}</dd>
          </dl>
          {can(Permission.adminFlags) && <Flags user={u} />}
          {can(Permission.adminRoles, Permission.clientStaff) && <Roles user={u} />}
          {can(Permission.adminUsers) && <Access user={u} />}
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(UserPage);
