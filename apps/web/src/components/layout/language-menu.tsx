import { USER_LANGUAGES } from '@spotlist/contracts';
import { languageOutline } from 'ionicons/icons';
import { useTranslation } from '../../lib/translator';
import { userLanguageByKey } from '../../lib/language';
import { chooseUserLanguage } from '../../lib/user-language';
import { Icon } from '../icon';

/** Language names are shown in their own language (endonyms), whatever the active language. */
const NAME_KEYS: Record<string, string> = { en: 'LANGUAGE.EN', de: 'LANGUAGE.DE' };

/**
 * The header's language menu (shown when logged out): the user languages of SPEC §9 (English,
 * German). The choice is stored as the user-language id, used at the next start and at signup.
 * A native select: one accessible combobox and no popover component in the first bundle.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = userLanguageByKey(i18n.language);

  // SPEC §4: an empty choice is ignored (chooseUserLanguage skips it)
  const choose = (value: string) => void chooseUserLanguage(value);

  return (
    <label className="language-menu">
      <Icon icon={languageOutline} />
      <span className="visually-hidden">{t('HEADER.LANGUAGE')}</span>
      <select value={current ? String(current.id) : ''} onChange={(e) => choose(e.target.value)}>
        {!current && (
          <option value="" disabled>
            {i18n.language.toUpperCase()}
          </option>
        )}
        {USER_LANGUAGES.map((l) => (
          <option key={l.id} value={String(l.id)} lang={l.key}>
            {t(NAME_KEYS[l.key] ?? l.key)}
          </option>
        ))}
      </select>
    </label>
  );
}
