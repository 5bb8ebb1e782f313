import { Visibility, type MyListView } from '@spotlist/contracts';
import { useState, type FormEvent } from 'react';
import { AppLink } from '../../../components/app-link';
import { PlaceThumb, type ThumbPlace } from '../../../components/place-thumb';
import { RenameDeleteActions } from '../../../components/rename-delete-actions';
import { TextInput } from '../../../components/text-input';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { useTranslation } from '../../../lib/translator';
import { useDeleteList, useRenameList } from '../api/lists';

/** What PlaceThumb needs to show a list's cover (the server chose the place and its picture). */
export function coverThumb(list: MyListView): ThumbPlace | null {
  const cover = list.cover;
  if (!cover) return null;
  return {
    id: cover.placeId,
    visibility: { id: cover.public ? Visibility.all : Visibility.private },
    updatedAt: list.updatedAt,
    pictures: cover.thumbUrl ? [{ id: 0, url: cover.thumbUrl, urlThumb240: cover.thumbUrl }] : [],
  };
}

/**
 * One of my lists as a card (`components/card.css`): its cover (decorative: the name says it), its
 * name linking to it, its number of places; rename in place, delete after a Yes/No question (as
 * components/editable-row.tsx does for rows).
 */
export function ListCard({ list }: { list: MyListView }) {
  const { t } = useTranslation();
  const rename = useRenameList();
  const remove = useDeleteList();
  const [editing, setEditing] = useState<string | null>(null);
  const thumb = coverThumb(list);
  const save = (e: FormEvent) => {
    e.preventDefault();
    const name = editing?.trim();
    if (name) rename.mutate({ id: list.id, name }, { onSuccess: () => setEditing(null) });
  };
  return (
    <li className="card list-card">
      <div className="list-card-cover">
        {thumb ? <PlaceThumb place={thumb} /> : <span className="place-thumb place-thumb-empty" aria-hidden="true" />}
      </div>
      {editing === null ? (
        <div className="list-card-text">
          <h2>
            <AppLink to={PLACE_PATHS.list(list.id)}>{list.name}</AppLink>
          </h2>
          <span className="form-hint">{t('LISTS.ITEM_COUNT', { count: list.itemCount })}</span>
        </div>
      ) : (
        <form onSubmit={save} className="list-card-rename">
          <TextInput label={t('LISTS.NEW_NAME', { name: list.name })} value={editing} onValue={setEditing} />
          <span className="row-actions">
            <button type="submit" className="app-button app-button-small" disabled={rename.isPending}>
              {t('LISTS.SAVE')}
            </button>
            <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setEditing(null)}>
              {t('COMMON.CANCEL')}
            </button>
          </span>
        </form>
      )}
      <RenameDeleteActions
        texts={{
          rename: t('LISTS.RENAME'),
          delete: t('LISTS.DELETE'),
          deleteNamed: t('LISTS.DELETE_NAMED', { name: list.name }),
          deleteConfirm: t('LISTS.DELETE_CONFIRM', { name: list.name }),
        }}
        editing={editing !== null}
        deleting={remove.isPending}
        onRename={() => setEditing(list.name)}
        onDelete={() => remove.mutate(list.id)}
      />
    </li>
  );
}
