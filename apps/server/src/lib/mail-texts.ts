/** Texts of the mails the server sends, in the user languages of SPEC §9 (English default). */
const TEXTS: Record<string, Record<string, string>> = {
  en: {
    'reset.subject': 'Reset your Spotlist password',
    'reset.body':
      'Someone asked to reset the password of your Spotlist account. Open this link within an hour to choose a new one. If it was not you, ignore this mail.',
    'verify.subject': 'Confirm your e-mail address for Spotlist',
    'verify.body': 'Welcome to Spotlist! Open this link to confirm your e-mail address.',
    'notice.hidden.subject': 'Spotlist: “{{title}}” was hidden',
    'notice.hidden.body': 'The moderators hid “{{title}}” after a report: other people no longer see it; you still do.',
    'notice.warned.subject': 'Spotlist: a warning about “{{title}}”',
    'notice.warned.body': 'The moderators reviewed a report about “{{title}}” and send you a warning.',
    'notice.suspended.subject': 'Spotlist: your account is suspended',
    'notice.suspended.body':
      'The moderators suspended your account after a report about “{{title}}”. Until then you can read your notices, appeal, export your data or delete your account.',
    'notice.appeal.upheld.subject': 'Spotlist: your appeal about “{{title}}”',
    'notice.appeal.upheld.body': 'The moderators read your appeal about “{{title}}” and keep their decision.',
    'notice.appeal.reverted.subject': 'Spotlist: your appeal about “{{title}}” was accepted',
    'notice.appeal.reverted.body': 'The moderators read your appeal about “{{title}}” and undid their decision.',
    'notice.reason': 'Reason:',
    'notice.until': 'Suspended until:',
    'notice.appeal': 'If you think the decision is wrong, you can appeal it once on this page:',
    'notice.read': 'You can read it on this page:',
  },
  de: {
    'reset.subject': 'Setze dein Spotlist-Passwort zurück',
    'reset.body':
      'Jemand möchte das Passwort deines Spotlist-Kontos zurücksetzen. Öffne diesen Link innerhalb einer Stunde, um ein neues zu wählen. Warst du es nicht, ignoriere diese Mail.',
    'verify.subject': 'Bestätige deine E-Mail-Adresse für Spotlist',
    'verify.body': 'Willkommen bei Spotlist! Öffne diesen Link, um deine E-Mail-Adresse zu bestätigen.',
    'notice.hidden.subject': 'Spotlist: „{{title}}“ wurde ausgeblendet',
    'notice.hidden.body': 'Die Moderation hat „{{title}}“ nach einer Meldung ausgeblendet: Andere sehen es nicht mehr, du schon.',
    'notice.warned.subject': 'Spotlist: eine Verwarnung zu „{{title}}“',
    'notice.warned.body': 'Die Moderation hat eine Meldung zu „{{title}}“ geprüft und spricht dir eine Verwarnung aus.',
    'notice.suspended.subject': 'Spotlist: dein Konto ist gesperrt',
    'notice.suspended.body':
      'Die Moderation hat dein Konto nach einer Meldung zu „{{title}}“ vorübergehend gesperrt. Bis dahin kannst du deine Mitteilungen lesen, Einspruch einlegen, deine Daten exportieren oder dein Konto löschen.',
    'notice.appeal.upheld.subject': 'Spotlist: dein Einspruch zu „{{title}}“',
    'notice.appeal.upheld.body': 'Die Moderation hat deinen Einspruch zu „{{title}}“ gelesen und bleibt bei ihrer Entscheidung.',
    'notice.appeal.reverted.subject': 'Spotlist: deinem Einspruch zu „{{title}}“ wurde stattgegeben',
    'notice.appeal.reverted.body': 'Die Moderation hat deinen Einspruch zu „{{title}}“ gelesen und ihre Entscheidung zurückgenommen.',
    'notice.reason': 'Grund:',
    'notice.until': 'Gesperrt bis:',
    'notice.appeal': 'Hältst du die Entscheidung für falsch, kannst du auf dieser Seite einmal Einspruch einlegen:',
    'notice.read': 'Du kannst sie auf dieser Seite lesen:',
  },
};
export type Translate = (language: string) => (key: string) => string;
export const mailText: Translate = (language) => (key) => (TEXTS[language] ?? TEXTS.en)[key] ?? TEXTS.en[key] ?? key;
