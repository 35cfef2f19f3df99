import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Confirme seu endereço de e-mail',
    intro: 'Abra este link para confirmar que este endereço é seu:',
    outro: 'O link funciona uma única vez, por {{hours}} horas. Se você não criou uma conta, ignore este e-mail.',
  },
  changeEmail: {
    subject: 'Confirme seu novo endereço de e-mail',
    intro: 'Alguém pediu para usar este endereço na própria conta do Tarang. Para confirmar, abra este link:',
    outro:
      'O link funciona uma única vez, por {{hours}} horas. Até lá, a conta continua com o endereço antigo. Se não foi você, ignore este e-mail.',
  },
  emailChanged: {
    subject: 'Seu endereço de e-mail foi alterado',
    intro:
      'O endereço de e-mail da sua conta do Tarang foi alterado para {{email}}. Os e-mails sobre a conta passam a ser enviados para lá.',
    outro: 'Se não foi você, redefina sua senha imediatamente e abra um chamado de suporte.',
  },
  resetPassword: {
    subject: 'Redefina sua senha',
    intro: 'Para escolher uma nova senha, abra este link:',
    outro:
      'O link funciona uma única vez, por {{minutes}} minutos, e desconecta você de todos os outros lugares. Se você não pediu isso, ignore este e-mail: sua senha continua a mesma.',
  },
  passwordChanged: {
    subject: 'Sua senha foi alterada',
    intro: 'A senha da sua conta do Tarang acabou de ser alterada, e todas as outras sessões foram encerradas.',
    outro: 'Se não foi você, redefina sua senha imediatamente na página de entrada.',
  },
} satisfies MailTexts;
