import { mailTexts, type MailLanguage, type MailTexts } from './languages.ts';
import type { Mail } from './mailer.ts';

/**
 * The mails the server sends, in the language of the request that asked for them (see
 * `mailLanguage`): a sign-up, a password reset or an address change is asked for from a page in the
 * reader's own language, and the links open pages in it too.
 */
type MailKind = Exclude<keyof MailTexts, 'signature'>;
type Params = Partial<Record<'hours' | 'minutes' | 'email', string | number>>;

const fill = (text: string, params: Params) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name as keyof Params] ?? whole));

async function compose(
  kind: MailKind,
  language: MailLanguage,
  to: string,
  params: Params,
  link?: string,
): Promise<Mail> {
  const texts = await mailTexts(language);
  const { subject, intro, outro } = texts[kind];
  const parts = [fill(intro, params), link, fill(outro, params), texts.signature].filter(Boolean);
  return { to, subject, text: parts.join('\n\n') };
}

export const verifyEmailMail = (language: MailLanguage, to: string, link: string, hours: number) =>
  compose('verifyEmail', language, to, { hours }, link);

export const changeEmailMail = (language: MailLanguage, to: string, link: string, hours: number) =>
  compose('changeEmail', language, to, { hours }, link);

export const emailChangedMail = (language: MailLanguage, to: string, email: string) =>
  compose('emailChanged', language, to, { email });

export const resetPasswordMail = (language: MailLanguage, to: string, link: string, minutes: number) =>
  compose('resetPassword', language, to, { minutes }, link);

export const passwordChangedMail = (language: MailLanguage, to: string) => compose('passwordChanged', language, to, {});

/** `${PUBLIC_URL}/<page>?token=…`, PUBLIC_URL's own path kept. */
export function linkTo(publicUrl: URL, page: 'verify-email' | 'reset-password', token: string): string {
  const url = new URL(`${publicUrl.pathname.replace(/\/+$/, '')}/${page}`, publicUrl);
  url.searchParams.set('token', token);
  return url.toString();
}
