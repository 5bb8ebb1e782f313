import type { Person, UserGroup } from '@spotlist/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { AppLink } from '../../../components/app-link';
import { FriendPicker } from '../../../components/friend-picker';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { RenameDeleteActions } from '../../../components/rename-delete-actions';
import { TextInput } from '../../../components/text-input';
import { useLocale } from '../../../lib/format';
import { userProfilePath } from '../../../lib/paths';
import { useTranslation } from '../../../lib/translator';
import { useGroupChange, useGroups, type GroupChange } from '../api/groups';
import { useFriends } from '../api/relations';
import { errorText } from '../../../lib/error-text';
import { PersonAvatar } from '../../../components/person-avatar';
import { pluralKey } from '../../../lib/plural';

const MEMBER_COUNT = {
  one: 'PEOPLE.GROUP_MEMBERS_ONE',
  few: 'PEOPLE.GROUP_MEMBERS_FEW',
  many: 'PEOPLE.GROUP_MEMBERS_MANY',
  other: 'PEOPLE.GROUP_MEMBERS_OTHER',
};

/** One group as a card: rename, delete (after Yes/No), its members (remove), add a friend. */
function GroupCard({ group, friends }: { group: UserGroup; friends: readonly Person[] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const change = useGroupChange();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const members = new Set(group.members.map((m) => m.id));
  const candidates = friends.filter((f) => !members.has(f.id));
  const run = (c: GroupChange, done?: () => void) => {
    setError(null);
    change.mutate(c, { onSuccess: done, onError: (e) => setError(errorText(e)) });
  };
  const rename = (e: FormEvent) => {
    e.preventDefault();
    const name = renaming?.trim();
    if (name) run({ kind: 'rename', id: group.id, name }, () => setRenaming(null));
  };
  return (
    <li className="card people-group" aria-labelledby={`${id}-name`}>
      {renaming === null ? (
        <header className="people-group-head">
          <h2 id={`${id}-name`}>{group.name}</h2>
          <span className="form-hint">{t(pluralKey(locale, MEMBER_COUNT, group.members.length), { count: group.members.length })}</span>
        </header>
      ) : (
        <form onSubmit={rename} className="people-group-rename">
          <TextInput label={t('PEOPLE.GROUP_NEW_NAME', { name: group.name })} value={renaming} onValue={setRenaming} />
          <span className="row-actions">
            <button type="submit" className="app-button app-button-small" disabled={change.isPending || !renaming.trim()}>
              {t('PEOPLE.SAVE')}
            </button>
            <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setRenaming(null)}>
              {t('COMMON.CANCEL')}
            </button>
          </span>
        </form>
      )}
      {group.members.length > 0 ? (
        <ul className="people-members" aria-label={t('PEOPLE.GROUP_MEMBERS_OF', { name: group.name })}>
          {group.members.map((m) => (
            <li key={m.id}>
              <PersonAvatar person={m} size="sm" />
              <AppLink to={userProfilePath(m.id)}>{m.nickname}</AppLink>
              <button
                type="button"
                className="app-button app-button-small app-button-outline"
                disabled={change.isPending}
                aria-label={t('PEOPLE.GROUP_REMOVE_NAMED', { name: m.nickname, group: group.name })}
                onClick={() => run({ kind: 'remove-member', id: group.id, userId: m.id })}
              >
                {t('PEOPLE.GROUP_REMOVE')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="form-hint">{t('PEOPLE.GROUP_NO_MEMBERS')}</p>
      )}
      {candidates.length > 0 ? (
        <FriendPicker
          className="people-group-add"
          candidates={candidates}
          texts={{
            label: t('PEOPLE.GROUP_ADD_LABEL', { name: group.name }),
            choose: t('PEOPLE.GROUP_ADD_CHOOSE'),
            submit: t('PEOPLE.GROUP_ADD'),
          }}
          busy={change.isPending}
          onPick={(userId, done) => run({ kind: 'add-member', id: group.id, userId }, done)}
        />
      ) : (
        friends.length === 0 && <p className="form-hint">{t('PEOPLE.GROUP_NO_FRIENDS')}</p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <RenameDeleteActions
        texts={{
          rename: t('PEOPLE.GROUP_RENAME'),
          delete: t('PEOPLE.GROUP_DELETE'),
          deleteNamed: t('PEOPLE.GROUP_DELETE_NAMED', { name: group.name }),
          deleteConfirm: t('PEOPLE.GROUP_DELETE_CONFIRM', { name: group.name }),
        }}
        editing={renaming !== null}
        deleting={change.isPending}
        onRename={() => setRenaming(group.name)}
        onDelete={() => run({ kind: 'delete', id: group.id })}
      />
    </li>
  );
}

/** My groups of friends: create one, then each group's card. */
export function GroupsPanel() {
  const { t } = useTranslation();
  const groups = useGroups();
  const friends = useFriends();
  const create = useGroupChange();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  // a friend in both categories has two rows: one choice
  const friendList = [...new Map((friends.data ?? []).map((row) => [row.user.id, row.user])).values()];
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    setError(null);
    create.mutate({ kind: 'create', name: trimmed }, { onSuccess: () => setName(''), onError: (err) => setError(errorText(err)) });
  };
  return (
    <>
      <form ref={form} className="card people-group-create" onSubmit={submit} aria-labelledby="people-group-create">
        <h2 id="people-group-create">{t('PEOPLE.GROUP_CREATE')}</h2>
        <p className="form-hint">{t('PEOPLE.GROUPS_HINT')}</p>
        <div className="people-inline-form">
          <TextInput label={t('PEOPLE.GROUP_NAME')} value={name} onValue={setName} />
          <button type="submit" className="app-button" disabled={create.isPending || name.trim() === ''}>
            {t('PEOPLE.GROUP_CREATE_SUBMIT')}
          </button>
        </div>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {groups.isPending && <Skeleton variant="cards" count={2} />}
      {groups.isSuccess && groups.data.length === 0 && (
        <EmptyState
          text={t('PEOPLE.GROUPS_EMPTY')}
          action={
            <button type="button" className="app-button" onClick={() => form.current?.querySelector('input')?.focus()}>
              {t('PEOPLE.GROUPS_EMPTY_ACTION')}
            </button>
          }
        />
      )}
      {groups.data && groups.data.length > 0 && (
        <ul className="card-grid people-grid" aria-label={t('PEOPLE.TAB_GROUPS')}>
          {groups.data.map((g) => (
            <GroupCard key={g.id} group={g} friends={friendList} />
          ))}
        </ul>
      )}
    </>
  );
}
