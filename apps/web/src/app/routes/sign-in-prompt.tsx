import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The spec's signed-out panels: a title, a line of text and a Sign In link to /login. */
export function SignInPrompt({ title, body, icon }: { title: string; body: string; icon: string }) {
  const { t } = useTranslation();
  return (
    <section className="page centered-page" data-testid="sign-in-prompt">
      <div className="prompt-icon" aria-hidden="true">{icon}</div>
      <h1>{t(title)}</h1>
      <p>{t(body)}</p>
      <Link className="button" to="/login">{t('common.signIn')}</Link>
    </section>
  );
}
