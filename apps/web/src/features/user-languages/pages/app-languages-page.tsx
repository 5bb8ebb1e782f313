import { AccountType, APP_LANGUAGES } from '@spotlist/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/translator';
import { PageLayout } from '../../../components/layout/page-layout';
import { useAuth } from '../../../lib/auth';
import { changeLanguage } from '../../../lib/i18n';

/** Only businesses manage content languages: react-query and the popover load for them only. */
const ContentLanguages = lazy(() => import('../components/content-languages'));

/** Language names are endonyms, whatever the active language. */
export const APP_LANGUAGE_NAME_KEYS = {
  de: 'LANGUAGE.DE',
  en: 'LANGUAGE.EN',
  es: 'LANGUAGE.ES',
  fr: 'LANGUAGE.FR',
  hr: 'LANGUAGE.HR',
  hu: 'LANGUAGE.HU',
  it: 'LANGUAGE.IT',
  pl: 'LANGUAGE.PL',
  pt: 'LANGUAGE.PT',
  ru: 'LANGUAGE.RU',
  tr: 'LANGUAGE.TR',
  nl: 'LANGUAGE.NL',
  da: 'LANGUAGE.DA',
} as const satisfies Record<(typeof APP_LANGUAGES)[number], string>;

/**
 * The app languages (SPEC §9: the 13 languages of the interface; the choice is kept in session
 * storage for this tab, default en) and, for businesses, the content languages they offer.
 */
export default function AppLanguagesPage() {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  return (
    <PageLayout title={t('APP_LANGUAGES.TITLE')}>
      <h1>{t('APP_LANGUAGES.HEADING')}</h1>
      <fieldset className="form-section radio-field language-choices">
        <legend>{t('APP_LANGUAGES.APP')}</legend>
        <p className="form-hint">{t('APP_LANGUAGES.APP_HINT')}</p>
        {APP_LANGUAGES.map((lang) => (
          <div key={lang} className="check-field">
            <input
              id={`app-language-${lang}`}
              type="radio"
              name="app-language"
              value={lang}
              checked={i18n.language === lang}
              onChange={() => void changeLanguage(lang)}
            />
            <label htmlFor={`app-language-${lang}`} lang={lang}>
              {t(APP_LANGUAGE_NAME_KEYS[lang])}
            </label>
          </div>
        ))}
      </fieldset>
      {user?.accountType.id === AccountType.business && (
        <Suspense fallback={<p className="form-hint">{t('COMMON.LOADING')}</p>}>
          <ContentLanguages />
        </Suspense>
      )}
    </PageLayout>
  );
}
