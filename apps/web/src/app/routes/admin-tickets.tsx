import { TicketPriorities, TicketStatuses, isStaff } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ticketCategoryName,
  useCategories,
  useTicketStats,
  useTickets,
  type TicketFilters,
} from '../../features/tickets/api/tickets.ts';
import { AdminTicketDialog } from '../../features/tickets/components/admin-ticket-dialog.tsx';
import { PriorityBadge, StatusBadge } from '../../features/tickets/components/status-badge.tsx';
import { session } from '../../lib/session/session-store.ts';
import { TimeAgo } from '../../components/time-ago.tsx';
import { useFormats } from '../../lib/i18n/formatting.ts';

export function AdminTicketsPage() {
  const { t } = useTranslation();
  const format = useFormats();
  const user = session.use((s) => s.user);
  const staff = isStaff(user?.role);
  const [filters, setFilters] = useState<TicketFilters>({});
  const [openId, setOpenId] = useState<string | null>(null);
  const tickets = useTickets(filters, staff);
  const stats = useTicketStats(staff);
  const { data: categories } = useCategories();

  if (!user)
    return (
      <section className="page centered-page">
        <h1>{t('help.authRequired')}</h1>
      </section>
    );
  if (!staff) {
    return (
      <section className="page centered-page" data-testid="admin-denied">
        <h1>{t('help.adminRequired')}</h1>
        <p>{t('help.noPermission')}</p>
      </section>
    );
  }
  const set = (key: keyof TicketFilters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilters({ ...filters, [key]: e.target.value || undefined });

  return (
    <section className="page admin-page">
      <h1>{t('pages.adminTickets')}</h1>
      <dl className="stats">
        <div className="card">
          <dt>{t('help.stats.total')}</dt>
          <dd>{stats.data?.total_tickets ?? '–'}</dd>
        </div>
        <div className="card">
          <dt>{t('help.stats.open')}</dt>
          <dd>{stats.data?.open_tickets ?? '–'}</dd>
        </div>
        <div className="card">
          <dt>{t('help.stats.inProgress')}</dt>
          <dd>{stats.data?.in_progress_tickets ?? '–'}</dd>
        </div>
        <div className="card">
          <dt>{t('help.stats.avgHours')}</dt>
          <dd>{stats.data ? format.decimal(stats.data.avg_resolution_time, 1) : '–'}</dd>
        </div>
      </dl>
      <div className="filters">
        <input type="search" placeholder={t('help.search')} aria-label={t('help.search')} onChange={set('search')} />
        <select aria-label={t('help.statusLabel')} onChange={set('status')}>
          <option value="">{t('help.allStatuses')}</option>
          {TicketStatuses.map((s) => (
            <option key={s} value={s}>
              {t(`help.status.${s}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('help.priorityLabel')} onChange={set('priority')}>
          <option value="">{t('help.allPriorities')}</option>
          {TicketPriorities.map((p) => (
            <option key={p} value={p}>
              {t(`help.priority.${p}`)}
            </option>
          ))}
        </select>
        <select aria-label={t('help.category')} onChange={set('category_id')}>
          <option value="">{t('help.allCategories')}</option>
          {categories?.map((c) => (
            <option key={c.id} value={c.id}>
              {ticketCategoryName(c)}
            </option>
          ))}
        </select>
      </div>
      <div className="table-wrap">
        <table className="table" data-testid="admin-table">
          <thead>
            <tr>
              <th>{t('help.number')}</th>
              <th>{t('help.subject')}</th>
              <th>{t('help.user')}</th>
              <th>{t('help.statusLabel')}</th>
              <th>{t('help.priorityLabel')}</th>
              <th>{t('help.created')}</th>
            </tr>
          </thead>
          <tbody>
            {(tickets.data ?? []).map((ticket) => (
              <tr
                key={ticket.id}
                tabIndex={0}
                onClick={() => setOpenId(ticket.id)}
                onKeyDown={(e) => e.key === 'Enter' && setOpenId(ticket.id)}
              >
                <td>{ticket.ticket_number}</td>
                <td dir="auto">{ticket.title}</td>
                <td>
                  <bdi>{ticket.username}</bdi>
                </td>
                <td>
                  <StatusBadge status={ticket.status} />
                </td>
                <td>
                  <PriorityBadge priority={ticket.priority} />
                </td>
                <td>
                  <TimeAgo iso={ticket.created_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {openId && <AdminTicketDialog ticketId={openId} me={user} onClose={() => setOpenId(null)} />}
    </section>
  );
}
