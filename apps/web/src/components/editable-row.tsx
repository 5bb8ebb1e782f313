import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../lib/translator';
import { AppLink } from './app-link';
import { RenameDeleteActions, type RenameDeleteTexts } from './rename-delete-actions';
import { TextInput } from './text-input';

/** The words of one kind of item (a list, a widget): each page passes its own translations. */
export interface EditableRowTexts extends RenameDeleteTexts {
  /** Label of the name field while renaming ("New name for …"). */
  newName: string;
  save: string;
}

/**
 * A row of one's own items (lists, widgets): its name linking to it and a line under it; rename
 * in place; delete after a Yes/No question; `actions` adds buttons before Rename.
 */
export function EditableRow(props: {
  name: string;
  to: string;
  meta: string;
  texts: EditableRowTexts;
  renaming: boolean;
  deleting: boolean;
  /** Called with the trimmed new name; `done` closes the field once the change is saved. */
  onRename: (name: string, done: () => void) => void;
  onDelete: () => void;
  actions?: ReactNode;
  testId?: string;
}) {
  const { name, to, meta, texts, renaming, deleting, onRename, onDelete, actions, testId } = props;
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (editing?.trim()) onRename(editing.trim(), () => setEditing(null));
  };
  return (
    <li className="place-row" data-testid={testId}>
      {editing === null ? (
        <div>
          <AppLink to={to}>{name}</AppLink>
          <span className="form-hint">{meta}</span>
        </div>
      ) : (
        <form onSubmit={save} className="row-actions">
          <TextInput label={texts.newName} value={editing} onValue={setEditing} />
          <button type="submit" className="app-button app-button-small" disabled={renaming}>
            {texts.save}
          </button>
          <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setEditing(null)}>
            {t('COMMON.CANCEL')}
          </button>
        </form>
      )}
      <RenameDeleteActions
        texts={texts}
        editing={editing !== null}
        deleting={deleting}
        onRename={() => setEditing(name)}
        onDelete={onDelete}
        actions={actions}
      />
    </li>
  );
}
