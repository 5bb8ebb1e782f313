import { useState, type ReactNode } from 'react';
import { useTranslation } from '../lib/translator';

export interface RenameDeleteTexts {
  rename: string;
  /** The rename button's accessible name, when it should name the item. */
  renameNamed?: string;
  delete: string;
  deleteNamed: string;
  /** The question asked before deleting ("Really delete …?"). */
  deleteConfirm: string;
}

/**
 * The actions of one's own item (a list, a widget, a group): Rename, then Delete after a Yes/No
 * question asked in place. Hidden while the item's name is being edited; `actions` come first.
 */
export function RenameDeleteActions({
  texts,
  editing,
  deleting,
  onRename,
  onDelete,
  actions,
}: {
  texts: RenameDeleteTexts;
  editing: boolean;
  deleting: boolean;
  onRename: () => void;
  onDelete: () => void;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  if (confirming)
    return (
      <span className="row-actions" role="group" aria-label={texts.deleteConfirm}>
        <span>{texts.deleteConfirm}</span>
        <button type="button" className="app-button app-button-small app-button-danger" disabled={deleting} onClick={onDelete}>
          {t('COMMON.YES')}
        </button>
        <button type="button" className="app-button app-button-small app-button-clear" onClick={() => setConfirming(false)}>
          {t('COMMON.NO')}
        </button>
      </span>
    );
  if (editing) return null;
  return (
    <span className="row-actions">
      {actions}
      <button type="button" className="app-button app-button-small app-button-outline" aria-label={texts.renameNamed} onClick={onRename}>
        {texts.rename}
      </button>
      <button
        type="button"
        className="app-button app-button-small app-button-danger"
        aria-label={texts.deleteNamed}
        onClick={() => setConfirming(true)}
      >
        {texts.delete}
      </button>
    </span>
  );
}
