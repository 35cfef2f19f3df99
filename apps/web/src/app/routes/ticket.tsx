import { isStaff } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ticketCategoryName, ticketErrorText, useTicket } from '../../features/tickets/api/tickets.ts';
import { Conversation } from '../../features/tickets/components/conversation.tsx';
import { PriorityBadge, StatusBadge } from '../../features/tickets/components/status-badge.tsx';
import { session } from '../../lib/session/session-store.ts';
import { FullPageSpinner } from '../layout/spinner.tsx';
import { SignInPrompt } from './sign-in-prompt.tsx';

export function TicketPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams();
  const user = session.use((s) => s.user);
  const { data, error, isLoading } = useTicket(user ? ticketId : undefined);
  if (!user) return <SignInPrompt icon="?" title="help.signInTicket" body="help.signInBody" />;
  if (isLoading) return <FullPageSpinner />;
  return (
    <section className="page ticket-page">
      <Link to="/help">
        <span className="flip-in-rtl" aria-hidden="true">
          ←
        </span>{' '}
        {t('help.back')}
      </Link>
      {error || !data ? (
        <p className="panel panel-error" role="alert" data-testid="ticket-error">
          {ticketErrorText(error, 'help.errors.load')}
        </p>
      ) : (
        <>
          <h1>
            <span className="muted">{data.ticket_number}</span> <bdi>{data.title}</bdi>
          </h1>
          <p className="ticket-meta">
            <StatusBadge status={data.status} /> <PriorityBadge priority={data.priority} /> ·{' '}
            {ticketCategoryName({ slug: data.category_slug, name: data.category_name })}
          </p>
          <Conversation ticket={data} staff={isStaff(user.role)} />
        </>
      )}
    </section>
  );
}
