import { AccountType, CONVERSATION_TITLE_MAX, type Conversation } from '@spotlist/contracts';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { AppLink } from '../../../components/app-link';
import { FriendPicker } from '../../../components/friend-picker';
import { PersonAvatar } from '../../../components/person-avatar';
import { TextInput } from '../../../components/text-input';
import { accountTypeLabelKey } from '../../../lib/account-types';
import { useAuth } from '../../../lib/auth';
import { formatNumber, useLocale } from '../../../lib/format';
import { PATHS, userProfilePath } from '../../../lib/paths';
import { pluralKey } from '../../../lib/plural';
import { friendsOf, friendsQuery } from '../../../lib/relation-queries';
import { useAppNavigate } from '../../../lib/navigation';
import { useTranslation } from '../../../lib/translator';
import { useConversationChange, useLeaveConversation } from '../api/conversation';
import { useCategories } from '../api/overview';
import { ConversationAvatars } from './avatars';
import { categoryLabel, conversationName, MEMBERS, othersIn } from './texts';

/**
 * A business's handling of a conversation in its inbox: the category, Done / Reopen, who takes
 * care of it (Take it / Leave it), and blocking a guest who misbehaves (it reads, cannot write).
 */
function BusinessTools({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const { stored } = useAuth();
  const id = useId();
  const categories = useCategories();
  const change = useConversationChange(conversation.id);
  const mine = conversation.assigneeId !== null && conversation.assigneeId === stored?.id;
  const assignee = conversation.members.find((m) => m.id === conversation.assigneeId);
  return (
    <div className="messages-business">
      <div className="select-field">
        <label htmlFor={`${id}-category`}>{t('MESSAGES.CATEGORY')}</label>
        <select
          id={`${id}-category`}
          className="native-select"
          value={String(conversation.category.id)}
          disabled={change.isPending}
          onChange={(e) => change.mutate({ kind: 'update', categoryId: Number(e.target.value) })}
        >
          {(categories.data ?? [conversation.category]).map((c) => (
            <option key={c.id} value={String(c.id)}>
              {categoryLabel(t, c)}
            </option>
          ))}
        </select>
      </div>
      <div className="row-actions">
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          disabled={change.isPending}
          onClick={() => change.mutate({ kind: 'update', status: conversation.status === 'done' ? 'open' : 'done' })}
        >
          {t(conversation.status === 'done' ? 'MESSAGES.REOPEN' : 'MESSAGES.MARK_DONE')}
        </button>
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          disabled={change.isPending || !stored}
          onClick={() => change.mutate({ kind: 'update', assigneeId: mine ? null : stored!.id })}
        >
          {t(mine ? 'MESSAGES.LEAVE_IT' : 'MESSAGES.TAKE_IT')}
        </button>
      </div>
      {assignee && !mine && <p className="form-hint">{t('MESSAGES.TAKEN_BY', { name: assignee.nickname })}</p>}
      {conversation.guest && <GuestBlock blocked={conversation.guest.blocked} change={change} />}
    </div>
  );
}

/** Block (after a Yes) or unblock the guest of a guest conversation: blocked, it reads but cannot write. */
function GuestBlock({ blocked, change }: { blocked: boolean; change: ReturnType<typeof useConversationChange> }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const set = (next: boolean) => change.mutate({ kind: 'block-guest', blocked: next }, { onSettled: () => setAsking(false) });
  return (
    <div className="row-actions" aria-live="polite">
      {blocked && <p className="form-hint">{t('MESSAGES.GUEST_BLOCKED')}</p>}
      {asking ? (
        <>
          <span>{t('MESSAGES.BLOCK_GUEST_CONFIRM')}</span>
          <button
            type="button"
            className="app-button app-button-small app-button-danger"
            disabled={change.isPending}
            onClick={() => set(true)}
          >
            {t('COMMON.YES')}
          </button>
          <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setAsking(false)}>
            {t('COMMON.NO')}
          </button>
        </>
      ) : (
        <button
          type="button"
          className="app-button app-button-small app-button-outline"
          disabled={change.isPending}
          onClick={() => (blocked ? set(false) : setAsking(true))}
        >
          {t(blocked ? 'MESSAGES.UNBLOCK_GUEST' : 'MESSAGES.BLOCK_GUEST')}
        </button>
      )}
    </div>
  );
}

/** A group's members: remove one (the admin), add friends (the admin), rename (the admin), leave. */
function GroupTools({ conversation, onClose }: { conversation: Conversation; onClose: () => void }) {
  const { t } = useTranslation();
  const { stored } = useAuth();
  const navigate = useAppNavigate();
  const id = useId();
  const change = useConversationChange(conversation.id);
  const leave = useLeaveConversation(conversation.id);
  const admin = conversation.members.some((m) => m.id === stored?.id && m.admin);
  const friends = useQuery({ ...friendsQuery(), enabled: admin });
  const [title, setTitle] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const members = new Set(conversation.members.map((m) => m.id));
  const candidates = friendsOf(friends.data ?? []).filter((f) => !members.has(f.id));
  const rename = (e: FormEvent) => {
    e.preventDefault();
    const name = title?.trim();
    if (name) change.mutate({ kind: 'update', title: name }, { onSuccess: () => setTitle(null) });
  };
  return (
    <section className="messages-panel messages-group" aria-labelledby={`${id}-members`}>
      <h2 id={`${id}-members`}>{t('MESSAGES.MEMBERS')}</h2>
      <ul className="messages-members">
        {conversation.members.map((m) => (
          <li key={m.id}>
            <PersonAvatar person={m} size="sm" />
            <AppLink to={userProfilePath(m.id)}>{m.id === stored?.id ? t('MESSAGES.YOU') : m.nickname}</AppLink>
            {m.admin && <span className="messages-chip">{t('MESSAGES.ADMIN')}</span>}
            {admin && m.id !== stored?.id && (
              <button
                type="button"
                className="app-button app-button-small app-button-outline"
                disabled={change.isPending}
                aria-label={t('MESSAGES.REMOVE_NAMED', { name: m.nickname })}
                onClick={() => change.mutate({ kind: 'remove-member', userId: m.id })}
              >
                {t('MESSAGES.REMOVE')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {admin && candidates.length > 0 && (
        <FriendPicker
          className="messages-inline-form"
          candidates={candidates}
          texts={{ label: t('MESSAGES.ADD_MEMBER'), choose: t('MESSAGES.ADD_MEMBER_CHOOSE'), submit: t('MESSAGES.ADD') }}
          busy={change.isPending}
          onPick={(userId, done) => change.mutate({ kind: 'add-members', memberIds: [userId] }, { onSuccess: done })}
        />
      )}
      {admin &&
        (title === null ? (
          <button
            type="button"
            className="app-button app-button-small app-button-outline"
            onClick={() => setTitle(conversation.title ?? '')}
          >
            {t('MESSAGES.RENAME')}
          </button>
        ) : (
          <form className="messages-inline-form" onSubmit={rename}>
            <TextInput label={t('MESSAGES.GROUP_NAME')} value={title} onValue={(v) => setTitle(v.slice(0, CONVERSATION_TITLE_MAX))} />
            <button type="submit" className="app-button app-button-small" disabled={change.isPending || !title.trim()}>
              {t('MESSAGES.SAVE')}
            </button>
            <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setTitle(null)}>
              {t('COMMON.CANCEL')}
            </button>
          </form>
        ))}
      <div className="row-actions messages-group-leave">
        {leaving ? (
          <>
            <span>{t('MESSAGES.LEAVE_CONFIRM')}</span>
            <button
              type="button"
              className="app-button app-button-small app-button-danger"
              disabled={leave.isPending}
              onClick={() =>
                leave.mutate(undefined, {
                  onSuccess: () => {
                    onClose();
                    navigate(PATHS.messages, 'back');
                  },
                })
              }
            >
              {t('COMMON.YES')}
            </button>
            <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setLeaving(false)}>
              {t('COMMON.NO')}
            </button>
          </>
        ) : (
          <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setLeaving(true)}>
            {t('MESSAGES.LEAVE')}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The conversation's head: back to the inbox (phones), pictures and name (the other person's
 * profile in a direct conversation), what it is (account type, members), and the tools: a
 * business's category, status and assignment; a group's members.
 */
export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { user, stored } = useAuth();
  const [membersOpen, setMembersOpen] = useState(false);
  const others = othersIn(conversation, stored?.id);
  const name = conversationName(t, { ...conversation, others });
  const direct = conversation.kind === 'direct' ? others[0] : undefined;
  const sub =
    conversation.kind === 'group'
      ? t(pluralKey(locale, MEMBERS, conversation.members.length), { count: formatNumber(conversation.members.length, locale) })
      : conversation.kind === 'guest'
        ? categoryLabel(t, conversation.category)
        : direct
          ? t(accountTypeLabelKey(direct.accountType.id))
          : '';
  const business = user?.accountType.id === AccountType.business;
  return (
    <header className="messages-head">
      <AppLink to={PATHS.messages} mode="back" className="messages-back">
        {t('MESSAGES.BACK')}
      </AppLink>
      <div className="messages-head-main">
        <ConversationAvatars people={others} guestName={conversation.kind === 'guest' ? t('MESSAGES.GUEST') : undefined} />
        <div className="messages-head-text">
          <h1 className="messages-head-title">{direct ? <AppLink to={userProfilePath(direct.id)}>{name}</AppLink> : name}</h1>
          {sub && <span className="form-hint">{sub}</span>}
        </div>
        {conversation.kind === 'group' && (
          <button
            type="button"
            className="app-button app-button-small app-button-outline"
            aria-expanded={membersOpen}
            onClick={() => setMembersOpen((v) => !v)}
          >
            {t('MESSAGES.MEMBERS')}
          </button>
        )}
      </div>
      {business && conversation.kind !== 'group' && <BusinessTools conversation={conversation} />}
      {conversation.kind === 'group' && membersOpen && <GroupTools conversation={conversation} onClose={() => setMembersOpen(false)} />}
    </header>
  );
}
