import type { MailTexts } from '../languages.ts';

export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Confirmez votre adresse e-mail',
    intro: 'Pour confirmer que cette adresse est bien la vôtre, ouvrez ce lien :',
    outro:
      'Ce lien ne fonctionne qu’une fois, pendant {{hours}} heures. Si vous n’avez pas créé de compte, ignorez cet e-mail.',
  },
  changeEmail: {
    subject: 'Confirmez votre nouvelle adresse e-mail',
    intro: 'Quelqu’un a demandé à utiliser cette adresse pour son compte Tarang. Pour la confirmer, ouvrez ce lien :',
    outro:
      'Ce lien ne fonctionne qu’une fois, pendant {{hours}} heures. D’ici là, le compte garde son ancienne adresse. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.',
  },
  emailChanged: {
    subject: 'Votre adresse e-mail a été modifiée',
    intro:
      'L’adresse e-mail de votre compte Tarang a été remplacée par {{email}}. Les e-mails concernant le compte y seront désormais envoyés.',
    outro:
      'Si vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe et ouvrez un ticket d’assistance.',
  },
  resetPassword: {
    subject: 'Réinitialisez votre mot de passe',
    intro: 'Pour choisir un nouveau mot de passe, ouvrez ce lien :',
    outro:
      'Ce lien ne fonctionne qu’une fois, pendant {{minutes}} minutes, et vous déconnecte partout ailleurs. Si vous n’avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.',
  },
  passwordChanged: {
    subject: 'Votre mot de passe a été modifié',
    intro:
      'Le mot de passe de votre compte Tarang vient d’être modifié, et toutes les autres sessions ont été déconnectées.',
    outro:
      'Si vous n’êtes pas à l’origine de ce changement, réinitialisez immédiatement votre mot de passe depuis la page de connexion.',
  },
} satisfies MailTexts;
