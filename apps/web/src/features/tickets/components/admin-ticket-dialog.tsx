import { TicketStatuses, type User } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { ticketErrorText, updateTicket, useTicket } from '../api/tickets.ts';
import { Conversation } from './conversation.tsx';

/** Staff view of one ticket: status, assignment, public replies and internal notes. */
export function AdminTicketDialog({ ticketId, me, onClose }: { ticketId: string; me: User; onClose(): void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const queryClient = useQueryClient();
  const { data: ticket } = useTicket(ticketId);
  useEffect(() => ref.current?.showModal(), []);

  const change = async (body: { status?: string; assigned_to?: string }) => {
    try {
      queryClient.setQueryData(['tickets', 'one', ticketId], await updateTicket(ticketId, body));
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['tickets', 'stats'] });
    } catch (err) {
      console.error(ticketErrorText(err, 'help.errors.load')); // the spec: admin changes only log their failures
      notify('error', ticketErrorText(err, 'help.errors.load'));
    }
  };

  return (
    <dialog
      ref={ref}
      className="dialog dialog-wide"
      onClose={onClose}
      aria-labelledby="admin-ticket-title"
      data-testid="admin-ticket-dialog"
    >
      {!ticket ? (
        <div className="spinner" role="status" />
      ) : (
        <>
          <div className="dialog-head">
            <h2 id="admin-ticket-title">
              <span className="muted">{ticket.ticket_number}</span> {ticket.title}
            </h2>
            <button
              type="button"
              className="icon-button"
              aria-label={t('common.close')}
              onClick={() => ref.current?.close()}
            >
              ×
            </button>
          </div>
          <p className="muted">
            {ticket.username}
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
            {ticket.category_name}
          </p>
          <div className="inline-form form">
            <label>
              {t('help.statusLabel')}
              <select
                value={ticket.status}
                onChange={(e) => void change({ status: e.target.value })}
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
              onClick={() => void change({ assigned_to: me.wallet_address! })}
            >
              {t('help.assignToMe')}
            </button>
            <span className="muted">
              {ticket.assigned_admin_name
                ? t('help.assignedTo', { name: ticket.assigned_admin_name })
                : t('help.unassigned')}
            </span>
          </div>
          <Conversation ticket={ticket} staff />
        </>
      )}
    </dialog>
  );
}
