import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../lib/session/session-store.ts';
import { FullPageSpinner } from '../layout/spinner.tsx';

/**
 * The spec's signed-out panels: a title, a line of text and a Sign In link to /login. A whole page,
 * or a card inside one (compact). While a kept sign-in is checked again, a spinner instead.
 */
export function SignInPrompt({
  title,
  body,
  icon,
  compact = false,
}: {
  title: string;
  body: string;
  icon: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const restoring = session.use((s) => s.restoring);
  if (restoring) return <FullPageSpinner />;
  const Heading = compact ? 'h2' : 'h1';
  return (
    <section className={compact ? 'card centered-card' : 'page centered-page'} data-testid="sign-in-prompt">
      <div className="prompt-icon" aria-hidden="true">
        {icon}
      </div>
      <Heading>{t(title)}</Heading>
      <p>{t(body)}</p>
      <Link className="button" to="/login">
        {t('common.signIn')}
      </Link>
    </section>
  );
}
