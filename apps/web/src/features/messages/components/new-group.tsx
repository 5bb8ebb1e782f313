import { CONVERSATION_MEMBERS_MAX, CONVERSATION_TITLE_MAX } from '@spotlist/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { TextInput } from '../../../components/text-input';
import { api } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import { conversationPath } from '../../../lib/paths';
import { friendsOf, friendsQuery } from '../../../lib/relation-queries';
import { useTranslation } from '../../../lib/translator';
import { OVERVIEW_KEY } from '../api/overview';

/**
 * "New group" in the inbox: a name and some of my friends (groups are made of friends; the server
 * refuses anyone else with error.conversation.notallowed), then the new conversation opens.
 */
export function NewGroup() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useAppNavigate();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState(false);
  const friends = useQuery({ ...friendsQuery(), enabled: open });
  const people = friends.data ? friendsOf(friends.data) : [];
  const toggle = (userId: number) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(userId)) next.delete(userId);
      else if (next.size < CONVERSATION_MEMBERS_MAX - 1) next.add(userId);
      return next;
    });
  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim() || chosen.size === 0) return;
    setBusy(true);
    try {
      const made = await api.post<{ id: number }>('/conversation/add', { title: title.trim(), memberIds: [...chosen] });
      void client.invalidateQueries({ queryKey: OVERVIEW_KEY });
      setOpen(false);
      setTitle('');
      setChosen(new Set());
      navigate(conversationPath(made.id));
    } catch {
      // the shell shows the API's refusal
    } finally {
      setBusy(false);
    }
  };
  if (!open)
    return (
      <button type="button" className="app-button app-button-small app-button-outline messages-new-group" onClick={() => setOpen(true)}>
        {t('MESSAGES.NEW_GROUP')}
      </button>
    );
  return (
    <form className="messages-panel messages-new-group-form" onSubmit={(e) => void create(e)} aria-label={t('MESSAGES.NEW_GROUP')}>
      <TextInput label={t('MESSAGES.GROUP_NAME')} value={title} onValue={(v) => setTitle(v.slice(0, CONVERSATION_TITLE_MAX))} />
      {friends.isSuccess && people.length === 0 ? (
        <p className="form-hint">{t('MESSAGES.NEW_GROUP_NO_FRIENDS')}</p>
      ) : (
        <fieldset className="radio-field messages-new-group-people">
          <legend>{t('MESSAGES.NEW_GROUP_MEMBERS')}</legend>
          {people.map((p) => (
            <label key={p.id} htmlFor={`${id}-${p.id}`} className="check-field">
              <input id={`${id}-${p.id}`} type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} />
              {p.nickname}
            </label>
          ))}
        </fieldset>
      )}
      <div className="row-actions">
        <button type="submit" className="app-button app-button-small" disabled={busy || !title.trim() || chosen.size === 0}>
          {t('MESSAGES.CREATE_GROUP')}
        </button>
        <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setOpen(false)}>
          {t('COMMON.CANCEL')}
        </button>
      </div>
    </form>
  );
}
