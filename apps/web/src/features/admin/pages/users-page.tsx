import { ACCOUNT_TYPE_IDS, ADMIN_USER_STATES, type AdminUser } from '@spotlist/contracts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { PATHS } from '../../../lib/paths';
import { CONSOLE_PAGE_SIZE, useAdminUsers } from '../api/admin';
import { ChoiceSelect } from '../components/console-controls';
import { ConsoleNav } from '../components/console-nav';
import { Pager } from '../components/pager';
import { SavedFilters } from '../components/saved-filters';
import { UserStateBadges } from '../components/user-state';

const STATE_KEYS: Record<(typeof ADMIN_USER_STATES)[number], string> = {
  active: 'CONSOLE.STATE_ACTIVE',
  locked: 'CONSOLE.STATE_LOCKED',
  suspended: 'CONSOLE.STATE_SUSPENDED',
};

/** The accounts section: search by e-mail, nickname or name; filter by state and type; page. */
function UsersPage() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [state, setState] = useState('');
  const [accountType, setAccountType] = useState('');
  const [page, setPage] = useState(0);
  // typing asks once it settles into a render, not per key
  const filters = useDeferredValue({ q, state, accountType });
  const users = useAdminUsers(filters, page);
  const change = (set: (v: string) => void) => (v: string) => {
    set(v);
    setPage(0);
  };
  return (
    <PageLayout title={t('CONSOLE.USERS')} narrow={false}>
      <h1>{t('CONSOLE.USERS')}</h1>
      <ConsoleNav current="users" />
      <form className="console-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextInput label={t('CONSOLE.SEARCH_USERS')} type="search" value={q} onValue={change(setQ)} />
        <ChoiceSelect
          label={t('CONSOLE.STATE')}
          value={state}
          onChange={change(setState)}
          options={[{ value: '', label: t('CONSOLE.ALL') }, ...ADMIN_USER_STATES.map((s) => ({ value: s, label: t(STATE_KEYS[s]) }))]}
        />
        <ChoiceSelect
          label={t('PROFILE.ACCOUNT_TYPE')}
          value={accountType}
          onChange={change(setAccountType)}
          options={[
            { value: '', label: t('CONSOLE.ALL') },
            ...ACCOUNT_TYPE_IDS.map((id) => ({ value: String(id), label: t(accountTypeLabelKey(id)) })),
          ]}
        />
      </form>
      <SavedFilters
        view="console.users"
        filters={{ q, state, accountType }}
        onApply={(f) => {
          setQ(f.q ?? '');
          setState(f.state ?? '');
          setAccountType(f.accountType ?? '');
          setPage(0);
        }}
      />
      {users.data && users.data.total === 0 && <EmptyState picture="search" text={t('CONSOLE.NO_USERS')} />}
      {users.data && users.data.total > 0 && (
        <>
          <p className="console-results" role="status">
            {t('CONSOLE.RESULTS', { count: users.data.total })}
          </p>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.ACCOUNT')}</th>
                <th scope="col">{t('PROFILE.ACCOUNT_TYPE')}</th>
                <th scope="col">{t('CONSOLE.ROLES')}</th>
                <th scope="col">{t('CONSOLE.STATE')}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.list.map((u: AdminUser) => (
                <tr key={u.id}>
                  <td>
                    <AppLink to={`${PATHS.consoleUsers}/${u.id}`}>{u.nickname || u.email}</AppLink>
                    <div className="console-muted">{u.email}</div>
                  </td>
                  <td data-label={t('PROFILE.ACCOUNT_TYPE')}>{t(accountTypeLabelKey(u.accountType))}</td>
                  <td data-label={t('CONSOLE.ROLES')}>{u.roles.length > 0 ? u.roles.map((r) => r.name).join(', ') : '–'}</td>
                  <td data-label={t('CONSOLE.STATE')}>
                    <UserStateBadges user={u} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={page} total={users.data.total} size={CONSOLE_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(UsersPage);
