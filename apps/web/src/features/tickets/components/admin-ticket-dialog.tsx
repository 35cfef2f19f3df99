import { TicketStatuses, type User } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { closeDialog, Dialog } from '../../../components/dialog.tsx';
import { ticketCategoryName, ticketErrorText, useTicket, useUpdateTicket } from '../api/tickets.ts';
import { Conversation } from './conversation.tsx';
import { isolate } from '../../../lib/i18n/isolate.ts';

/** Staff view of one ticket: status, assignment, public replies and internal notes. */
export function AdminTicketDialog({ ticketId, me, onClose }: { ticketId: string; me: User; onClose(): void }) {
  const { t } = useTranslation();
  const { data: ticket } = useTicket(ticketId);
  const update = useUpdateTicket(ticketId);

  const change = (body: { status?: string; assigned_to?: string }) =>
    update.mutate(body, {
      onError: (err) => {
        console.error(ticketErrorText(err, 'help.errors.load')); // admin changes log their failures
        notify('error', ticketErrorText(err, 'help.errors.load'));
      },
    });

  return (
    <Dialog labelledBy="admin-ticket-title" testId="admin-ticket-dialog" wide onClose={onClose}>
      {!ticket ? (
        <div className="spinner" role="status" />
      ) : (
        <>
          <div className="dialog-head">
            <h2 id="admin-ticket-title">
              <span className="muted">{ticket.ticket_number}</span> <bdi>{ticket.title}</bdi>
            </h2>
            <button type="button" className="icon-button" aria-label={t('common.close')} onClick={closeDialog}>
              ×
            </button>
          </div>
          <p className="muted">
            <bdi>{ticket.username}</bdi>
            {ticket.user_email && (
              <>
                {' · '}
                {ticket.user_email}
                {!ticket.contact_email_verified && (
                  <span
                    className="unverified-badge"
                    title={t('help.unverifiedEmailHint')}
                    data-testid="ticket-email-unverified"
                  >
                    {t('help.unverifiedEmail')}
                  </span>
                )}
              </>
            )}
            {' · '}
            {ticketCategoryName({ slug: ticket.category_slug, name: ticket.category_name })}
          </p>
          <div className="inline-form form">
            <label>
              {t('help.statusLabel')}
              <select
                value={ticket.status}
                onChange={(e) => change({ status: e.target.value })}
                data-testid="admin-status"
              >
                {TicketStatuses.map((s) => (
                  <option key={s} value={s}>
                    {t(`help.status.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="button button-outline"
              disabled={!me.wallet_address}
              title={me.wallet_address ? undefined : t('help.assignNeedsWallet')}
              onClick={() => change({ assigned_to: me.wallet_address! })}
            >
              {t('help.assignToMe')}
            </button>
            <span className="muted">
              {ticket.assigned_admin_name
                ? t('help.assignedTo', { name: isolate(ticket.assigned_admin_name) })
                : t('help.unassigned')}
            </span>
          </div>
          <Conversation ticket={ticket} staff />
        </>
      )}
    </Dialog>
  );
}
