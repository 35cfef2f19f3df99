/**
 * The mails' texts in English: the model for every other language (each file in this folder
 * `satisfies MailTexts`, so a missing text fails the typecheck). A mail is the intro, the link when
 * there is one, the outro and the signature. `{{hours}}` and `{{minutes}}` are always more than one.
 */
export default {
  signature: '— Tarang',
  verifyEmail: {
    subject: 'Confirm your email address',
    intro: 'Please confirm that this address is yours by opening this link:',
    outro: 'The link works once, for {{hours}} hours. If you did not create an account, ignore this mail.',
  },
  changeEmail: {
    subject: 'Confirm your new email address',
    intro: 'Someone asked to use this address for their Tarang account. To confirm it, open this link:',
    outro:
      'The link works once, for {{hours}} hours. Until then the account keeps its old address. If this was not you, ignore this mail.',
  },
  emailChanged: {
    subject: 'Your email address was changed',
    intro: 'The email address of your Tarang account was changed to {{email}}. Mail about the account now goes there.',
    outro: 'If you did not do this, reset your password at once and open a support ticket.',
  },
  resetPassword: {
    subject: 'Reset your password',
    intro: 'To choose a new password, open this link:',
    outro:
      'The link works once, for {{minutes}} minutes, and signs you out everywhere else. If you did not ask for this, ignore this mail: your password stays as it is.',
  },
  passwordChanged: {
    subject: 'Your password was changed',
    intro: 'The password of your Tarang account was just changed, and every other session was signed out.',
    outro: 'If you did not do this, reset your password at once from the sign-in page.',
  },
};
