import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { PageLayout } from '../../../components/layout/page-layout';
import { isApiError } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/navigation';
import { PLACE_PATHS } from '../../../lib/place-paths';
import { withQueryClient } from '../../../lib/query-client';
import { importList, useCreateList, useMyLists, useSharedLists } from '../api/lists';
import { userProfilePath } from '../../../lib/paths';
import { ListCard } from '../components/list-card';
import '../../../components/card.css';
import '../lists.css';

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
    <form className="card form-section" onSubmit={(e) => void submit(e)} aria-labelledby="import-heading">
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

/** Others' lists I may read (shared with me, or by their level: friends, followers, groups); absent when none. */
function SharedLists() {
  const { t } = useTranslation();
  const shared = useSharedLists();
  if (!shared.data || shared.data.length === 0) return null;
  return (
    <section className="form-section" aria-labelledby="shared-heading">
      <h2 id="shared-heading">{t('LISTS.SHARED_WITH_ME')}</h2>
      <ul className="shared-lists">
        {shared.data.map((list) => (
          <li key={list.id}>
            <AppLink to={PLACE_PATHS.list(list.id)}>{list.name}</AppLink>
            <span className="form-hint">
              {t('LISTS.BY')} <AppLink to={userProfilePath(list.owner.id)}>{list.owner.nickname || t('LISTS.OWNER_PROFILE')}</AppLink>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** My lists: their cards (a grid on wider screens); create, rename, delete; import a file into a new list. */
function ListsPage() {
  const { t } = useTranslation();
  const lists = useMyLists();
  const create = useCreateList();
  const [name, setName] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim()) create.mutate(name.trim(), { onSuccess: () => setName('') });
  };
  return (
    <PageLayout title={t('LISTS.TITLE')} narrow={false}>
      <h1>{t('LISTS.TITLE')}</h1>
      <p className="link-row">
        <AppLink to={PLACE_PATHS.marked}>{t('PLACES.HEADING')}</AppLink>
      </p>
      {lists.isPending && <Skeleton variant="cards" count={3} />}
      {lists.isSuccess && lists.data.length === 0 && (
        <EmptyState
          text={t('LISTS.EMPTY')}
          action={
            <button type="button" className="app-button" onClick={() => form.current?.querySelector('input')?.focus()}>
              {t('LISTS.EMPTY_ACTION')}
            </button>
          }
        />
      )}
      {lists.data && lists.data.length > 0 && (
        <ul className="card-grid list-cards" aria-label={t('LISTS.TITLE')}>
          {lists.data.map((list) => (
            <ListCard key={list.id} list={list} />
          ))}
        </ul>
      )}
      {!lists.isPending && <SharedLists />}
      {/* with the first answer, as on My places: nothing below the skeleton moves when it goes */}
      {!lists.isPending && (
        <div className="lists-forms">
          <form ref={form} className="card form-section" onSubmit={submit} aria-labelledby="create-heading">
            <h2 id="create-heading">{t('LISTS.CREATE')}</h2>
            <TextInput label={t('LISTS.NAME')} value={name} onValue={setName} />
            <button type="submit" className="app-button" disabled={create.isPending || name.trim() === ''}>
              {t('LISTS.CREATE_SUBMIT')}
            </button>
          </form>
          <ImportForm />
        </div>
      )}
    </PageLayout>
  );
}

export default withQueryClient(ListsPage);
