import { APP_LANGUAGES, type AppLanguage } from '@spotlist/contracts';
import { useDeferredValue, useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { withQueryClient } from '../../../lib/query-client';
import { EmptyState } from '../../../components/empty-state';
import { PageLayout } from '../../../components/layout/page-layout';
import { TextInput } from '../../../components/text-input';
import { bundledMessages } from '../../../lib/i18n';
import { useSaveTranslation, useTranslationOverrides } from '../api/admin';
import { ActionError, ChoiceSelect } from '../components/console-controls';
import { ConsoleNav } from '../components/console-nav';
import { Pager } from '../components/pager';

const PAGE = 25;
type Show = 'all' | 'changed' | 'english';

/** The shipped texts of English and of the language edited. */
function useBundles(lang: AppLanguage) {
  const [bundles, setBundles] = useState<{ lang: AppLanguage; en: Record<string, string>; own: Record<string, string> } | null>(null);
  useEffect(() => {
    let live = true;
    void Promise.all([bundledMessages('en'), bundledMessages(lang)]).then(([en, own]) => live && setBundles({ lang, en, own }));
    return () => {
      live = false;
    };
  }, [lang]);
  return bundles?.lang === lang ? bundles : null;
}

/** One text: English beside it, the text shown now, an edit that saves it as this server's, a reset to the shipped one. */
function Row({
  lang,
  k,
  english,
  shipped,
  override,
}: {
  lang: AppLanguage;
  k: string;
  english: string;
  shipped: string;
  override?: string;
}) {
  const { t } = useTranslation();
  const save = useSaveTranslation(lang);
  const [value, setValue] = useState<string | null>(null);
  const current = override ?? shipped;
  return (
    <tr>
      <td data-label={t('CONSOLE.KEY')}>
        <code className="console-json">{k}</code>
        {override !== undefined && (
          <div>
            <span className="state-badge state-badge-ok">{t('CONSOLE.CHANGED_HERE')}</span>
          </div>
        )}
      </td>
      <td data-label={t('LANGUAGE.EN')} lang="en">
        {english}
      </td>
      <td data-label={t('CONSOLE.TEXT')}>
        {value === null ? (
          <>
            <span lang={lang}>{current}</span>
            <div className="button-row">
              <button type="button" className="app-button app-button-outline app-button-small" onClick={() => setValue(current)}>
                {t('CONSOLE.EDIT')}
              </button>
              {override !== undefined && (
                <button
                  type="button"
                  className="app-button app-button-clear app-button-small"
                  disabled={save.isPending}
                  onClick={() => save.mutate({ key: k, value: null })}
                >
                  {t('CONSOLE.RESET_SHIPPED')}
                </button>
              )}
            </div>
          </>
        ) : (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!value.trim()) return;
              save.mutate({ key: k, value }, { onSuccess: () => setValue(null) });
            }}
          >
            <TextInput label={t('CONSOLE.TEXT_FOR', { key: k })} value={value} onValue={setValue} rows={2} />
            <div className="button-row">
              <button type="submit" className="app-button app-button-small" disabled={save.isPending || !value.trim()}>
                {t('CONSOLE.PUBLISH')}
              </button>
              <button type="button" className="app-button app-button-clear app-button-small" onClick={() => setValue(null)}>
                {t('COMMON.CANCEL')}
              </button>
            </div>
            <ActionError error={save.error} />
          </form>
        )}
      </td>
    </tr>
  );
}

/**
 * The translations (translations.edit): every text of the app in one language beside English,
 * searched by key or text, filtered to the ones changed on this server or still the same as
 * English; a change is published as this server's text (remote overrides, SPEC §7) and reaches
 * every user within a minute; a reset brings the shipped text back.
 */
function TranslationsPage() {
  const { t } = useTranslation();
  const [lang, setLang] = useState<AppLanguage>('de');
  const [q, setQ] = useState('');
  const [show, setShow] = useState<Show>('all');
  const [page, setPage] = useState(0);
  const bundles = useBundles(lang);
  const overrides = useTranslationOverrides(lang);
  const search = useDeferredValue(q.trim().toLowerCase());
  const rows =
    bundles && overrides.data
      ? Object.keys(bundles.en)
          .filter((k) => {
            const current = overrides.data[k] ?? bundles.own[k] ?? '';
            if (show === 'changed' && overrides.data[k] === undefined) return false;
            if (show === 'english' && (lang === 'en' || current !== bundles.en[k])) return false;
            return (
              !search ||
              k.toLowerCase().includes(search) ||
              current.toLowerCase().includes(search) ||
              bundles.en[k].toLowerCase().includes(search)
            );
          })
          .sort()
      : null;
  const reset = () => setPage(0);
  return (
    <PageLayout title={t('CONSOLE.TRANSLATIONS')} narrow={false}>
      <h1>{t('CONSOLE.TRANSLATIONS')}</h1>
      <ConsoleNav current="translations" />
      <form className="console-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <ChoiceSelect
          label={t('CONSOLE.LANGUAGE')}
          value={lang}
          onChange={(v) => {
            setLang(v);
            reset();
          }}
          options={APP_LANGUAGES.map((l) => ({ value: l, label: t(`LANGUAGE.${l.toUpperCase()}`), lang: l }))}
        />
        <TextInput
          label={t('CONSOLE.SEARCH_TEXTS')}
          type="search"
          value={q}
          onValue={(v) => {
            setQ(v);
            reset();
          }}
        />
        <ChoiceSelect
          label={t('CONSOLE.SHOW')}
          value={show}
          onChange={(v) => {
            setShow(v);
            reset();
          }}
          options={[
            { value: 'all', label: t('CONSOLE.ALL') },
            { value: 'changed', label: t('CONSOLE.CHANGED_HERE') },
            { value: 'english', label: t('CONSOLE.SAME_AS_ENGLISH') },
          ]}
        />
      </form>
      <p className="form-hint">{t('CONSOLE.TRANSLATIONS_HINT')}</p>
      {rows && rows.length === 0 && <EmptyState picture="search" text={t('CONSOLE.NO_TEXTS')} />}
      {rows && rows.length > 0 && bundles && overrides.data && (
        <>
          <p className="console-results" role="status">
            {t('CONSOLE.RESULTS', { count: rows.length })}
          </p>
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t('CONSOLE.KEY')}</th>
                <th scope="col">{t('LANGUAGE.EN')}</th>
                <th scope="col">{t('CONSOLE.TEXT')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(page * PAGE, page * PAGE + PAGE).map((k) => (
                <Row
                  key={`${lang}:${k}`}
                  lang={lang}
                  k={k}
                  english={bundles.en[k]}
                  shipped={bundles.own[k] ?? ''}
                  override={overrides.data[k]}
                />
              ))}
            </tbody>
          </table>
          <Pager page={page} total={rows.length} size={PAGE} onPage={setPage} />
        </>
      )}
    </PageLayout>
  );
}

export default withQueryClient(TranslationsPage);
