import { useTranslation } from '../../../lib/translator';
import { languageNameKey } from '../widget-paths';

/** Buttons choosing the content language texts are edited or previewed in (aria-pressed on the chosen one). */
export function LanguageSwitch({
  languages,
  value,
  onChange,
  label,
}: {
  languages: readonly string[];
  value: string;
  onChange: (lang: string) => void;
  label: string;
}) {
  const { t } = useTranslation();
  if (languages.length < 2) return null;
  return (
    <div className="row-actions language-switch" role="group" aria-label={label}>
      {languages.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          className={lang === value ? 'app-button app-button-small' : 'app-button app-button-small app-button-outline'}
          aria-pressed={lang === value}
          onClick={() => onChange(lang)}
        >
          {t(languageNameKey(lang))}
        </button>
      ))}
    </div>
  );
}
