import { userLanguageByKey } from '../../../lib/language';
import { useTranslation } from '../../../lib/translator';
import { Listi18nPopover } from '../../../components/listi18n-popover';
import { PageLayout } from '../../../components/layout/page-layout';
import { withQueryClient } from '../../../lib/query-client';
import { saveUserSetting, settingValue, USER_SETTING_KEYS, useUserSettings } from '../../../lib/user-settings';
import { useLanguages } from '../api/get-languages';
import { useMyLanguages } from '../api/my-languages';

/**
 * Listi18nPopoverPage (SPEC §2): the language lists show their texts in, picked with the
 * language picker popover. The choices are the content languages the user offers, or every
 * language when there are none; the choice is a user setting (`listLanguage`), so lists read it
 * on every device. Until one is chosen: the default content language, else the user language.
 */
function Listi18nPopoverPage() {
  const { t, i18n } = useTranslation();
  const mine = useMyLanguages();
  const all = useLanguages();
  const settings = useUserSettings();
  const languages = mine.data && mine.data.length > 0 ? mine.data : (all.data ?? []);
  const chosenId = Number(settingValue(settings, USER_SETTING_KEYS.listLanguage));
  const selected =
    languages.find((l) => l.id === chosenId) ??
    mine.data?.find((l) => l.isDefault) ??
    languages.find((l) => l.id === userLanguageByKey(i18n.language)?.id) ??
    languages[0];

  return (
    <PageLayout title={t('LISTI18N.TITLE')}>
      <h1>{t('LISTI18N.HEADING')}</h1>
      <p>{t('LISTI18N.INTRO')}</p>
      <Listi18nPopover
        languages={languages}
        selectedId={selected?.id}
        label={t('LISTI18N.MENU')}
        disabled={languages.length === 0}
        onSelect={(l) => void saveUserSetting(USER_SETTING_KEYS.listLanguage, l.id).catch(() => undefined)}
      >
        {selected ? t('LISTI18N.BUTTON', { language: selected.name }) : t('COMMON.LOADING')}
      </Listi18nPopover>
    </PageLayout>
  );
}

export default withQueryClient(Listi18nPopoverPage);
