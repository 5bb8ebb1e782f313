import type { ListView } from '@spotlist/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { EditableRow } from '../../../components/editable-row';
import { TextInput } from '../../../components/text-input';
import { PageLayout } from '../../../components/layout/page-layout';
import { isApiError } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { withQueryClient } from '../../../lib/query-client';
import { importList, useCreateList, useDeleteList, useMyLists, useRenameList } from '../api/lists';

function ListRow({ list }: { list: ListView }) {
  const { t } = useTranslation();
  const rename = useRenameList();
  const remove = useDeleteList();
  return (
    <EditableRow
      name={list.name}
      to={PLACE_PATHS.list(list.id)}
      meta={t('LISTS.ITEM_COUNT', { count: list.itemCount })}
      texts={{
        newName: t('LISTS.NEW_NAME', { name: list.name }),
        save: t('LISTS.SAVE'),
        rename: t('LISTS.RENAME'),
        delete: t('LISTS.DELETE'),
        deleteNamed: t('LISTS.DELETE_NAMED', { name: list.name }),
        deleteConfirm: t('LISTS.DELETE_CONFIRM', { name: list.name }),
      }}
      renaming={rename.isPending}
      deleting={remove.isPending}
      onRename={(name, done) => rename.mutate({ id: list.id, name }, { onSuccess: done })}
      onDelete={() => remove.mutate(list.id)}
    />
  );
}

function ImportForm() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!file) {
      setError('ERROR.error.import.nofile');
      return;
    }
    setPending(true);
    try {
      const result = await importList(file);
      navigate(PLACE_PATHS.list(result.list.id));
    } catch (err) {
      const key = isApiError(err) ? `ERROR.${err.key}` : 'ERROR.error.unknown';
      setError(t(key) === key ? 'ERROR.error.unknown' : key);
    } finally {
      setPending(false);
    }
  };
  return (
    <form className="form-section" onSubmit={(e) => void submit(e)} aria-labelledby="import-heading">
      <h2 id="import-heading">{t('LISTS.IMPORT')}</h2>
      <p className="form-hint">{t('LISTS.IMPORT_HINT')}</p>
      <label htmlFor="list-import-file">{t('LISTS.IMPORT_FILE')}</label>
      <input
        id="list-import-file"
        type="file"
        accept=".json,.geojson,.csv,.kml,.gpx,application/json,application/geo+json,text/csv"
        onChange={(e) => setFile(e.target.files?.[0] ?? null)}
      />
      {error && (
        <p className="field-error" role="alert">
          {t(error)}
        </p>
      )}
      <button type="submit" className="app-button" disabled={pending}>
        {t('LISTS.IMPORT_SUBMIT')}
      </button>
    </form>
  );
}

/** My lists: create, rename, delete; import a file into a new list. */
function ListsPage() {
  const { t } = useTranslation();
  const lists = useMyLists();
  const create = useCreateList();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <PageLayout title={t('LISTS.TITLE')}>
      <h1>{t('LISTS.TITLE')}</h1>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.marked}>{t('PLACES.HEADING')}</AppLink>
      </p>
      {lists.isPending && <p className="form-hint">{t('COMMON.LOADING')}</p>}
      {lists.isSuccess && lists.data.length === 0 && <p className="form-hint">{t('LISTS.EMPTY')}</p>}
      {lists.data && lists.data.length > 0 && (
        <ul className="place-list" aria-label={t('LISTS.TITLE')}>
          {lists.data.map((list) => (
            <ListRow key={list.id} list={list} />
          ))}
        </ul>
      )}
      <form className="form-section" onSubmit={submit} aria-labelledby="create-heading">
        <h2 id="create-heading">{t('LISTS.CREATE')}</h2>
        <TextInput label={t('LISTS.NAME')} value={name} onValue={setName} />
        <button type="submit" className="app-button" disabled={create.isPending || name.trim() === ''}>
          {t('LISTS.CREATE_SUBMIT')}
        </button>
      </form>
      <ImportForm />
    </PageLayout>
  );
}

export default withQueryClient(ListsPage);
