import { useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { isApiError } from '../../../lib/api-client';
import { useDeleteReference, useReferenceRows, useSaveReference, type ReferenceRow } from '../api/admin';
import { ActionError, ChoiceSelect } from '../components/console-controls';
import { ConsoleNav } from '../components/console-nav';
import { Pager } from '../components/pager';

interface Resource {
  /** The collection path under /api (SPEC §7 generic resource). */
  path: string;
  titleKey: string;
  /** Countries carry their ISO numeric id and upper-case code too. */
  country?: boolean;
  hintKey?: string;
}

const RESOURCES: readonly Resource[] = [
  { path: '/country/', titleKey: 'CONSOLE.REF_COUNTRIES', country: true, hintKey: 'CONSOLE.REF_COUNTRY_HINT' },
  { path: '/salutation/', titleKey: 'CONSOLE.REF_SALUTATIONS' },
  { path: '/academictitle/', titleKey: 'CONSOLE.REF_TITLES' },
  { path: '/contact/', titleKey: 'CONSOLE.REF_CONTACTS' },
  { path: '/documenttemplatecategory/', titleKey: 'CONSOLE.REF_DOCUMENT_CATEGORIES' },
  { path: '/timezone/', titleKey: 'CONSOLE.REF_TIME_ZONES', hintKey: 'CONSOLE.REF_TIME_ZONE_HINT' },
];

type Draft = { id: string; key: string; countrykey: string; name: string };
const draftOf = (r?: ReferenceRow): Draft => ({
  id: r ? String(r.id) : '',
  key: r?.key ?? '',
  countrykey: r?.countrykey ?? '',
  name: r?.name ?? '',
});

/** One row's form: add (row undefined) or change; the server's refusal shown with its field. */
function RowForm({ resource, row, onDone }: { resource: Resource; row?: ReferenceRow; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(() => draftOf(row));
  const save = useSaveReference(resource.path);
  const set = (field: keyof Draft) => (value: string) => setDraft((d) => ({ ...d, [field]: value }));
  const fieldError = (field: string) => {
    if (!save.error || !isApiError(save.error)) return null;
    const f = save.error.fields?.find((x) => x.path === `body.${field}`);
    return f ? t(f.key) : null;
  };
  const error = save.error && isApiError(save.error) && !save.error.fields?.length ? t(`ERROR.${save.error.key}`) : null;
  return (
    <form
      className="report-snapshot"
      aria-label={row ? t('CONSOLE.REF_CHANGE', { name: row.name }) : t('CONSOLE.REF_ADD')}
      onSubmit={(e) => {
        e.preventDefault();
        const body = resource.country
          ? { id: Number(draft.id), key: draft.key.trim(), countrykey: draft.countrykey.trim(), name: draft.name }
          : { key: draft.key.trim(), name: draft.name };
        save.mutate({ id: row ? row.id : null, body }, { onSuccess: onDone });
      }}
    >
      {resource.country && !row && (
        <TextInput label={t('CONSOLE.REF_ISO_NUMBER')} value={draft.id} onValue={set('id')} inputMode="decimal" error={fieldError('id')} />
      )}
      <TextInput label={t('CONSOLE.KEY')} value={draft.key} onValue={set('key')} error={fieldError('key')} />
      {resource.country && (
        <TextInput label={t('CONSOLE.REF_CODE')} value={draft.countrykey} onValue={set('countrykey')} error={fieldError('countrykey')} />
      )}
      <TextInput label={t('CONSOLE.REF_NAME')} value={draft.name} onValue={set('name')} error={fieldError('name')} />
      <div className="button-row">
        <button type="submit" className="app-button app-button-small" disabled={save.isPending}>
          {t('CONSOLE.SAVE')}
        </button>
        <button type="button" className="app-button app-button-clear app-button-small" onClick={onDone}>
          {t('COMMON.CANCEL')}
        </button>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * Reference data (reference.edit): countries, salutations, academic titles, contact categories,
 * document template categories and time zones — the generic resources of SPEC §7 in one table
 * view: add, change, delete. Every change is audited.
 */
function ReferencePage() {
  const { t } = useTranslation();
  const [path, setPath] = useState(RESOURCES[0].path);
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const resource = RESOURCES.find((r) => r.path === path)!;
  const rows = useReferenceRows(path, page);
  const remove = useDeleteReference(path);
  const askDelete = async (row: ReferenceRow) => {
    // ion-alert loads with the first question (components/ionic/alert)
    const { presentAlert } = await import('../../../components/ionic/alert');
    const { role } = await presentAlert({
      header: t('CONSOLE.REF_DELETE', { name: row.name }),
      message: t('CONSOLE.REF_DELETE_MESSAGE'),
      buttons: [
        { text: t('COMMON.CANCEL'), role: 'cancel' },
        { text: t('CONSOLE.DELETE'), role: 'confirm' },
      ],
    });
    if (role === 'confirm') remove.mutate(row.id);
  };
  return (
    <PageLayout title={t('CONSOLE.REFERENCE')} narrow={false}>
      <h1>{t('CONSOLE.REFERENCE')}</h1>
      <ConsoleNav current="reference" />
      <div className="console-filters">
        <ChoiceSelect
          label={t('CONSOLE.REF_LIST')}
          value={path}
          onChange={(v) => {
            setPath(v);
            setPage(0);
            setEditing(null);
            remove.reset();
          }}
          options={RESOURCES.map((r) => ({ value: r.path, label: t(r.titleKey) }))}
        />
        <button type="button" className="app-button" onClick={() => setEditing('new')} disabled={editing === 'new'}>
          {t('CONSOLE.REF_ADD')}
        </button>
      </div>
      {resource.hintKey && <p className="form-hint">{t(resource.hintKey)}</p>}
      {editing === 'new' && <RowForm key={`${path}:new`} resource={resource} onDone={() => setEditing(null)} />}
      <ActionError error={remove.error} />
      {rows.data && rows.data.total === 0 && <EmptyState text={t('CONSOLE.REF_EMPTY')} />}
      {rows.data && rows.data.total > 0 && (
        <>
          <p className="console-results" role="status">
            {t('CONSOLE.RESULTS', { count: rows.data.total })}
          </p>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.KEY')}</th>
                {resource.country && <th scope="col">{t('CONSOLE.REF_CODE')}</th>}
                <th scope="col">{t('CONSOLE.REF_NAME')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('CONSOLE.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.data.list.map((r) =>
                editing === r.id ? (
                  <tr key={r.id}>
                    <td colSpan={resource.country ? 4 : 3}>
                      <RowForm resource={resource} row={r} onDone={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={r.id}>
                    <td data-label={t('CONSOLE.KEY')}>
                      <code>{r.key}</code>
                      {resource.country && <span className="console-muted"> {r.id}</span>}
                    </td>
                    {resource.country && <td data-label={t('CONSOLE.REF_CODE')}>{r.countrykey}</td>}
                    <td data-label={t('CONSOLE.REF_NAME')}>{r.name}</td>
                    <td>
                      <div className="button-row">
                        <button type="button" className="app-button app-button-outline app-button-small" onClick={() => setEditing(r.id)}>
                          {t('CONSOLE.EDIT')}
                        </button>
                        <button
                          type="button"
                          className="app-button app-button-clear app-button-small"
                          disabled={remove.isPending}
                          aria-label={t('CONSOLE.REF_DELETE', { name: r.name })}
                          onClick={() => void askDelete(r)}
                        >
                          {t('CONSOLE.DELETE')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
          <Pager page={page} total={rows.data.total} size={100} onPage={setPage} />
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(ReferencePage);
