import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Conferma il tuo indirizzo email',
    intro: 'Apri questo link per confermare che questo indirizzo è tuo:',
    outro: 'Il link funziona una sola volta, per {{hours}} ore. Se non hai creato un account, ignora questa email.',
  },
  changeEmail: {
    subject: 'Conferma il tuo nuovo indirizzo email',
    intro:
      'Qualcuno ha chiesto di usare questo indirizzo per il proprio account Tarang. Per confermarlo, apri questo link:',
    outro:
      'Il link funziona una sola volta, per {{hours}} ore. Fino ad allora l’account mantiene il vecchio indirizzo. Se non sei stato tu, ignora questa email.',
  },
  emailChanged: {
    subject: 'Il tuo indirizzo email è stato cambiato',
    intro:
      'L’indirizzo email del tuo account Tarang è stato cambiato in {{email}}. D’ora in poi le email relative all’account arriveranno lì.',
    outro: 'Se non sei stato tu, reimposta subito la password e apri un ticket di assistenza.',
  },
  resetPassword: {
    subject: 'Reimposta la tua password',
    intro: 'Per scegliere una nuova password, apri questo link:',
    outro:
      'Il link funziona una sola volta, per {{minutes}} minuti, e ti disconnette ovunque altrove. Se non l’hai richiesto, ignora questa email: la tua password resta invariata.',
  },
  passwordChanged: {
    subject: 'La tua password è stata cambiata',
    intro: 'La password del tuo account Tarang è stata appena cambiata e tutte le altre sessioni sono state chiuse.',
    outro: 'Se non sei stato tu, reimposta subito la password dalla pagina di accesso.',
  },
} satisfies MailTexts;
