import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { EmptyState } from '../../../components/empty-state';
import { Listi18nPopover } from '../../../components/listi18n-popover';
import { PATHS } from '../../../lib/paths';
import { withQueryClient } from '../../../lib/query-client';
import { useLanguages } from '../api/get-languages';
import { useChangeMyLanguages, useMyLanguages } from '../api/my-languages';

/**
 * The content languages a business offers (GET /api/language/mine; add, remove, assignDefault):
 * the list with the default marked, and the language picker popover to add one. Refusals
 * (removing the default while others are offered) come back as error toasts.
 */
function ContentLanguages() {
  const { t } = useTranslation();
  const mine = useMyLanguages();
  const all = useLanguages();
  const change = useChangeMyLanguages();
  const offered = mine.data ?? [];
  const available = (all.data ?? []).filter((l) => !offered.some((o) => o.id === l.id));
  const run = (kind: 'add' | 'remove' | 'assignDefault', id: number) => change.mutate({ change: kind, id });

  return (
    <section className="form-section" aria-labelledby="content-languages">
      <h2 id="content-languages">{t('APP_LANGUAGES.CONTENT')}</h2>
      <p className="form-hint">{t('APP_LANGUAGES.CONTENT_HINT')}</p>
      {mine.isPending ? (
        <p className="form-hint">{t('COMMON.LOADING')}</p>
      ) : offered.length === 0 ? (
        <EmptyState compact text={t('APP_LANGUAGES.CONTENT_EMPTY')} />
      ) : (
        <ul className="location-list" aria-label={t('APP_LANGUAGES.CONTENT')}>
          {offered.map((l) => (
            <li key={l.id} className="location-item">
              <span lang={l.key}>
                <strong>{l.name}</strong>
                {l.isDefault && <span className="badge">{t('APP_LANGUAGES.DEFAULT')}</span>}
              </span>
              <span className="button-row">
                {!l.isDefault && (
                  <button
                    type="button"
                    className="app-button app-button-outline app-button-small"
                    disabled={change.isPending}
                    aria-label={t('APP_LANGUAGES.MAKE_DEFAULT_NAMED', { language: l.name })}
                    onClick={() => run('assignDefault', l.id)}
                  >
                    {t('APP_LANGUAGES.MAKE_DEFAULT')}
                  </button>
                )}
                <button
                  type="button"
                  className="app-button app-button-outline app-button-small"
                  disabled={change.isPending}
                  aria-label={t('APP_LANGUAGES.REMOVE_NAMED', { language: l.name })}
                  onClick={() => run('remove', l.id)}
                >
                  {t('APP_LANGUAGES.REMOVE')}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <Listi18nPopover
        languages={available}
        label={t('APP_LANGUAGES.ADD_MENU')}
        disabled={change.isPending || mine.isPending}
        onSelect={(l) => run('add', l.id)}
      >
        {t('APP_LANGUAGES.ADD')}
      </Listi18nPopover>
      <p className="form-links">
        <AppLink to={PATHS.listi18nPopover}>{t('APP_LANGUAGES.LIST_LANGUAGE')}</AppLink>
      </p>
    </section>
  );
}

export default withQueryClient(ContentLanguages);
