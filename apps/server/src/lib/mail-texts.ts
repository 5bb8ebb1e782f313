/** Texts of the mails the server sends, in the user languages of SPEC §9 (English default). */
const TEXTS: Record<string, Record<string, string>> = {
  en: {
    'reset.subject': 'Reset your Spotlist password',
    'reset.body': 'Someone asked to reset the password of your Spotlist account. Open this link within an hour to choose a new one. If it was not you, ignore this mail.',
    'verify.subject': 'Confirm your e-mail address for Spotlist',
    'verify.body': 'Welcome to Spotlist! Open this link to confirm your e-mail address.',
  },
  de: {
    'reset.subject': 'Setze dein Spotlist-Passwort zurück',
    'reset.body': 'Jemand möchte das Passwort deines Spotlist-Kontos zurücksetzen. Öffne diesen Link innerhalb einer Stunde, um ein neues zu wählen. Warst du es nicht, ignoriere diese Mail.',
    'verify.subject': 'Bestätige deine E-Mail-Adresse für Spotlist',
    'verify.body': 'Willkommen bei Spotlist! Öffne diesen Link, um deine E-Mail-Adresse zu bestätigen.',
  },
};
export type Translate = (language: string) => (key: string) => string;
export const mailText: Translate = (language) => (key) => (TEXTS[language] ?? TEXTS.en)[key] ?? TEXTS.en[key] ?? key;
