import type { Ticket } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { PriorityBadge, StatusBadge } from './status-badge.tsx';
import { ticketCategoryName } from '../api/tickets.ts';

export function TicketList({ tickets }: { tickets: Ticket[] }) {
  const { t } = useTranslation();
  if (tickets.length === 0) return <p className="panel">{t('help.noTickets')}</p>;
  return (
    <ul className="ticket-list">
      {tickets.map((ticket) => (
        <li key={ticket.id} className="card">
          <Link to={`/tickets/${ticket.id}`} className="ticket-link">
            <span className="muted">{ticket.ticket_number}</span>{' '}
            <strong>
              <bdi>{ticket.title}</bdi>
            </strong>
          </Link>
          <div className="ticket-meta">
            <StatusBadge status={ticket.status} /> <PriorityBadge priority={ticket.priority} /> ·{' '}
            {ticketCategoryName({ slug: ticket.category_slug, name: ticket.category_name })} ·{' '}
            <TimeAgo iso={ticket.created_at} />
          </div>
        </li>
      ))}
    </ul>
  );
}
