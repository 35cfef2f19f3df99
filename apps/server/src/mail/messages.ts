import type { Mail } from './mailer.ts';

/**
 * The texts of the mails the server sends. They are in English: a mail has no page language to
 * follow, and the links open pages in the reader's own language.
 */
const SIGNATURE = '\n\n— Tarang';

export const verifyEmailMail = (to: string, link: string, validHours: number): Mail => ({
  to,
  subject: 'Confirm your email address',
  text:
    `Please confirm that this address is yours by opening this link:\n\n${link}\n\n` +
    `The link works once, for ${validHours} hours. If you did not create an account, ignore this mail.` +
    SIGNATURE,
});

export const changeEmailMail = (to: string, link: string, validHours: number): Mail => ({
  to,
  subject: 'Confirm your new email address',
  text:
    `Someone asked to use this address for their Tarang account. To confirm it, open this link:\n\n${link}\n\n` +
    `The link works once, for ${validHours} hours. Until then the account keeps its old address. ` +
    'If this was not you, ignore this mail.' +
    SIGNATURE,
});

export const emailChangedMail = (to: string, newEmail: string): Mail => ({
  to,
  subject: 'Your email address was changed',
  text:
    `The email address of your Tarang account was changed to ${newEmail}. Mail about the account now goes there.\n\n` +
    'If you did not do this, reset your password at once and open a support ticket.' +
    SIGNATURE,
});

export const resetPasswordMail = (to: string, link: string, validMinutes: number): Mail => ({
  to,
  subject: 'Reset your password',
  text:
    `To choose a new password, open this link:\n\n${link}\n\n` +
    `The link works once, for ${validMinutes} minutes, and signs you out everywhere else. ` +
    'If you did not ask for this, ignore this mail: your password stays as it is.' +
    SIGNATURE,
});

export const passwordChangedMail = (to: string): Mail => ({
  to,
  subject: 'Your password was changed',
  text:
    'The password of your Tarang account was just changed, and every other session was signed out.\n\n' +
    'If you did not do this, reset your password at once from the sign-in page.' +
    SIGNATURE,
});

/** `${PUBLIC_URL}/<page>?token=…`, PUBLIC_URL's own path kept. */
export function linkTo(publicUrl: URL, page: 'verify-email' | 'reset-password', token: string): string {
  const url = new URL(`${publicUrl.pathname.replace(/\/+$/, '')}/${page}`, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
