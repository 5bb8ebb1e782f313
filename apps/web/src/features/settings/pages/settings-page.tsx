import { USER_LANGUAGES } from '@spotlist/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/translator';
import { AppLink } from '../../../components/app-link';
import { PageLayout } from '../../../components/layout/page-layout';
import { useAuth } from '../../../lib/auth';
import { useAppNavigate } from '../../../lib/navigation';
import { PATHS } from '../../../lib/paths';
import { chooseUserLanguage } from '../../../lib/user-language';
import { deleteAccount } from '../api/delete-account';
import { useDownloadProfileExport } from '../api/export-profile';
import { PasswordForm } from '../components/password-form';

/** A chunk of its own (react-query, the push code): the page stays within its size budget. */
const NotificationsSection = lazy(() => import('../components/notifications-section'));

/** Language names are endonyms, whatever the active language. */
const LANGUAGE_NAME_KEYS: Record<string, string> = { en: 'LANGUAGE.EN', de: 'LANGUAGE.DE' };

/**
 * Settings (SPEC §7 "Profile and settings"): the user language (English/German, SPEC §8: kept
 * locally when saving it fails), a link to the app languages, notifications (push on this device,
 * what is sent, quiet hours, test, devices: components/notifications-section.tsx), password
 * change, data export and account deletion.
 */
export default function SettingsPage() {
  const { t } = useTranslation();
  const { stored } = useAuth();
  const exportData = useDownloadProfileExport();

  return (
    <PageLayout title={t('SETTINGS.TITLE')}>
      <h1>{t('SETTINGS.HEADING')}</h1>

      <section className="form-section" aria-labelledby="settings-language">
        <h2 id="settings-language">{t('SETTINGS.LANGUAGE')}</h2>
        <div className="form-field select-field">
          <label htmlFor="settings-user-language">{t('SETTINGS.USER_LANGUAGE')}</label>
          <select
            id="settings-user-language"
            className="native-select"
            value={String(stored?.language.id ?? '')}
            onChange={(e) => void chooseUserLanguage(e.target.value)}
          >
            {USER_LANGUAGES.map((l) => (
              <option key={l.id} value={String(l.id)} lang={l.key}>
                {t(LANGUAGE_NAME_KEYS[l.key] ?? l.key)}
              </option>
            ))}
          </select>
        </div>
        <p className="form-hint">{t('SETTINGS.USER_LANGUAGE_HINT')}</p>
        <p className="form-links">
          <AppLink to={PATHS.appLanguages}>{t('SETTINGS.APP_LANGUAGES')}</AppLink>
        </p>
      </section>

      <Suspense
        fallback={
          <section className="form-section" aria-labelledby="settings-notifications">
            <h2 id="settings-notifications">{t('SETTINGS.NOTIFICATIONS')}</h2>
            <p className="form-hint">{t('COMMON.LOADING')}</p>
          </section>
        }
      >
        <NotificationsSection />
      </Suspense>

      <section className="form-section">
        <PasswordForm />
      </section>

      <section className="form-section" aria-labelledby="settings-data">
        <h2 id="settings-data">{t('SETTINGS.DATA')}</h2>
        <p className="form-hint">{t('SETTINGS.EXPORT_HINT')}</p>
        <button
          type="button"
          className="app-button app-button-outline"
          disabled={exportData.isPending}
          onClick={() => void exportData.run().catch(() => undefined)}
        >
          {t('SETTINGS.EXPORT')}
        </button>
        {exportData.isSuccess && (
          <p className="form-success" role="status">
            {t('SETTINGS.EXPORTED')}
          </p>
        )}
      </section>

      <DeleteAccount />
    </PageLayout>
  );
}

/**
 * Deleting the account asks for the password in a dialog (an empty password keeps the dialog
 * open with a message, as SPEC §5 says of password prompts); then the session ends and the
 * login page shows.
 */
function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const [busy, setBusy] = useState(false);

  const confirmAndDelete = async () => {
    setBusy(true);
    try {
      const { createAlert, presentAlert } = await import('../../../components/ionic/alert');
      const alert = await createAlert({
        header: t('SETTINGS.DELETE_TITLE'),
        message: t('SETTINGS.DELETE_MESSAGE'),
        inputs: [
          {
            name: 'password',
            type: 'password',
            placeholder: t('FORM.PASSWORD'),
            attributes: { 'aria-label': t('FORM.PASSWORD'), autocomplete: 'current-password' },
          },
        ],
        buttons: [
          { text: t('COMMON.CANCEL'), role: 'cancel' },
          {
            text: t('SETTINGS.DELETE_CONFIRM'),
            role: 'destructive',
            handler: (values: { password?: string }) => {
              if (values.password) return true;
              alert.message = t('SETTINGS.DELETE_PASSWORD_REQUIRED');
              return false;
            },
          },
        ],
      });
      const { role, data } = await presentAlert(alert);
      const password = data?.values?.password;
      if (role !== 'destructive' || !password) return;
      await deleteAccount(password);
      navigate(PATHS.login, 'root');
    } catch {
      // the shell shows the error toast (SPEC §8), e.g. a wrong password
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="form-section danger-zone" aria-labelledby="settings-delete">
      <h2 id="settings-delete">{t('SETTINGS.DELETE')}</h2>
      <p className="form-hint">{t('SETTINGS.DELETE_HINT')}</p>
      <button type="button" className="app-button app-button-danger" disabled={busy} onClick={() => void confirmAndDelete()}>
        {t('SETTINGS.DELETE_BUTTON')}
      </button>
    </section>
  );
}
