import '../../../components/widget-pages.css';
import type { WidgetView } from '@spotlist/contracts';
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { EditableRow } from '../../../components/editable-row';
import { EmptyState } from '../../../components/empty-state';
import { FlagGate } from '../../../components/flag-gate';
import { PageLayout } from '../../../components/layout/page-layout';
import { Skeleton } from '../../../components/skeleton';
import { TextInput } from '../../../components/text-input';
import { useAppNavigate } from '../../../lib/navigation';
import { withQueryClient } from '../../../lib/query-client';
import { useCreateWidget, useDeleteWidget, useRenameWidget, useWidgetDefaults, useWidgets } from '../api/widgets';
import { WIDGET_PATHS } from '../widget-paths';

function WidgetRow({ widget }: { widget: WidgetView }) {
  const { t } = useTranslation();
  const rename = useRenameWidget();
  const remove = useDeleteWidget();
  return (
    <EditableRow
      testId="widget-row"
      name={widget.name}
      to={WIDGET_PATHS.detail(widget.id)}
      meta={t('WIDGETS.POI_COUNT', { count: widget.poiCount })}
      texts={{
        newName: t('WIDGETS.NEW_NAME', { name: widget.name }),
        save: t('WIDGETS.SAVE'),
        rename: t('WIDGETS.RENAME'),
        renameNamed: t('WIDGETS.RENAME_NAMED', { name: widget.name }),
        delete: t('WIDGETS.DELETE'),
        deleteNamed: t('WIDGETS.DELETE_NAMED', { name: widget.name }),
        deleteConfirm: t('WIDGETS.DELETE_CONFIRM', { name: widget.name }),
      }}
      renaming={rename.isPending}
      deleting={remove.isPending}
      onRename={(name, done) => rename.mutate({ id: widget.id, name }, { onSuccess: done })}
      onDelete={() => remove.mutate(widget.id)}
      actions={
        <AppLink to={WIDGET_PATHS.preview(widget.id)} className="app-button app-button-small app-button-outline">
          {t('WIDGETS.PREVIEW')}
        </AppLink>
      }
    />
  );
}

function CreateWidget({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const create = useCreateWidget();
  // the saved defaults (languages, style, domains); none when they cannot be read
  const defaults = useWidgetDefaults();
  const [name, setName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { name: name.trim(), defaults: defaults.data ?? {} },
      {
        onSuccess: (detail) => {
          setName('');
          navigate(WIDGET_PATHS.detail(detail.id));
        },
      },
    );
  };
  return (
    <form ref={formRef} className="form-section" onSubmit={submit} aria-labelledby="widget-create-heading">
      <h2 id="widget-create-heading">{t('WIDGETS.CREATE')}</h2>
      <TextInput label={t('WIDGETS.NAME')} value={name} onValue={setName} />
      {defaults.data && Object.keys(defaults.data).length > 0 && <p className="form-hint">{t('WIDGETS.USES_DEFAULTS')}</p>}
      <button type="submit" className="app-button" disabled={create.isPending || defaults.isPending || !name.trim()}>
        {t('WIDGETS.CREATE_SUBMIT')}
      </button>
    </form>
  );
}

function Widgets() {
  const { t } = useTranslation();
  const widgets = useWidgets();
  const form = useRef<HTMLFormElement>(null);
  return (
    <>
      <h1>{t('MENU.WIDGET_LIST')}</h1>
      {widgets.isError && <p role="alert">{t('WIDGETS.LOAD_FAILED')}</p>}
      {widgets.isPending && <Skeleton count={2} />}
      {widgets.data &&
        (widgets.data.length === 0 ? (
          <EmptyState
            text={t('WIDGETS.NONE')}
            action={
              <button type="button" className="app-button" onClick={() => form.current?.querySelector('input')?.focus()}>
                {t('DASHBOARD.STEP_WIDGET')}
              </button>
            }
          />
        ) : (
          <ul className="place-list" aria-label={t('MENU.WIDGET_LIST')}>
            {widgets.data.map((w) => (
              <WidgetRow key={w.id} widget={w} />
            ))}
          </ul>
        ))}
      <CreateWidget formRef={form} />
    </>
  );
}

/** WidgetListPage (SPEC §2 `widget-list`, widgetv2activated): the business's widgets; create, rename, delete. */
function WidgetListPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('MENU.WIDGET_LIST')}>
      <FlagGate flag="widgetv2activated">
        <Widgets />
      </FlagGate>
    </PageLayout>
  );
}

export default withQueryClient(WidgetListPage);
