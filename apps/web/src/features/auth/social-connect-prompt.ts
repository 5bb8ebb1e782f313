import type { TFunction } from '../../lib/translator';

/**
 * SPEC §2 social-connect prompt: re-enter the existing account's password, with Cancel and a
 * Login button. An empty password says "please enter a password" and keeps the prompt open; after
 * a wrong one it opens again saying so (SPEC §5). Answers the password, or null when dismissed.
 */
export async function askExistingPassword(t: TFunction, wrong: boolean): Promise<string | null> {
  const { createAlert, presentAlert } = await import('../../components/ionic/alert');
  const intro = wrong ? t('SOCIALCONNECT.WRONG_PASSWORD') : t('SOCIALCONNECT.EXISTING_ACCOUNT');
  let password: string | null = null;
  const alert = await createAlert({
    header: t('SOCIALCONNECT.TITLE'),
    message: intro,
    cssClass: 'social-connect-prompt',
    backdropDismiss: false,
    inputs: [
      {
        name: 'password',
        type: 'password',
        placeholder: t('FORM.PASSWORD'),
        attributes: { autocomplete: 'current-password', 'aria-label': t('FORM.PASSWORD') },
      },
    ],
    buttons: [
      { text: t('COMMON.CANCEL'), role: 'cancel' },
      {
        text: t('SOCIALCONNECT.LOGIN'),
        role: 'confirm',
        handler: (values: { password?: string }) => {
          const v = values.password ?? '';
          if (v === '') {
            alert.message = t('SOCIALCONNECT.ENTER_PASSWORD');
            return false;
          }
          password = v;
          return true;
        },
      },
    ],
  });
  const { role } = await presentAlert(alert);
  return role === 'confirm' ? password : null;
}

/** A provider login would make a new account: the terms first (SPEC §7 termsaccepted). Answers whether they were accepted. */
export async function askTerms(t: TFunction): Promise<boolean> {
  const { presentAlert } = await import('../../components/ionic/alert');
  let accepted = false;
  const { role } = await presentAlert({
    header: t('EXTERNAL.NEW_ACCOUNT'),
    message: t('EXTERNAL.NEW_ACCOUNT_TERMS'),
    cssClass: 'social-connect-prompt',
    backdropDismiss: false,
    inputs: [{ name: 'terms', type: 'checkbox', label: t('SIGNUP.TERMS'), value: 'yes' }],
    buttons: [
      { text: t('COMMON.CANCEL'), role: 'cancel' },
      {
        text: t('EXTERNAL.CREATE_ACCOUNT'),
        role: 'confirm',
        handler: (values: string[]) => {
          accepted = Array.isArray(values) && values.includes('yes');
          return accepted;
        },
      },
    ],
  });
  return role === 'confirm' && accepted;
}
