import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    intro: 'Bitte bestätigen Sie über diesen Link, dass diese Adresse Ihnen gehört:',
    outro:
      'Der Link funktioniert einmal und ist {{hours}} Stunden lang gültig. Wenn Sie kein Konto erstellt haben, ignorieren Sie diese E-Mail einfach.',
  },
  changeEmail: {
    subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    intro: 'Jemand möchte diese Adresse für sein Tarang-Konto verwenden. Öffnen Sie zur Bestätigung diesen Link:',
    outro:
      'Der Link funktioniert einmal und ist {{hours}} Stunden lang gültig. Bis dahin behält das Konto seine bisherige Adresse. Wenn Sie das nicht waren, ignorieren Sie diese E-Mail einfach.',
  },
  emailChanged: {
    subject: 'Ihre E-Mail-Adresse wurde geändert',
    intro:
      'Die E-Mail-Adresse Ihres Tarang-Kontos wurde in {{email}} geändert. E-Mails zum Konto gehen ab jetzt dorthin.',
    outro: 'Wenn Sie das nicht waren, setzen Sie sofort Ihr Passwort zurück und erstellen Sie ein Support-Ticket.',
  },
  resetPassword: {
    subject: 'Setzen Sie Ihr Passwort zurück',
    intro: 'Über diesen Link können Sie ein neues Passwort wählen:',
    outro:
      'Der Link funktioniert einmal und ist {{minutes}} Minuten lang gültig; er meldet Sie überall sonst ab. Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.',
  },
  passwordChanged: {
    subject: 'Ihr Passwort wurde geändert',
    intro: 'Das Passwort Ihres Tarang-Kontos wurde soeben geändert, und alle anderen Sitzungen wurden abgemeldet.',
    outro: 'Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort über die Anmeldeseite zurück.',
  },
} satisfies MailTexts;
