import { TicketReplySchema, type Ticket } from '@app/shared';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ticketErrorText, useReplyToTicket } from '../api/tickets.ts';
import { TimeAgo } from '../../../components/time-ago.tsx';
import { issueText } from '../../../lib/error-text.ts';

/** The thread and the reply box; staff may mark a reply as an internal note. */
export function Conversation({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  /** what the box holds now, for an answer that arrives after the author typed on */
  const typed = useRef('');
  const [internal, setInternal] = useState(false);
  const [invalid, setInvalid] = useState<string | null>(null);
  const reply = useReplyToTicket(ticket.id);
  const error = invalid ?? (reply.error && ticketErrorText(reply.error, 'help.errors.reply'));
  const closed = ticket.status === 'closed' && !staff;

  const send = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = TicketReplySchema.safeParse({ message, is_internal: internal });
    setInvalid(parsed.success ? null : issueText(parsed.error.issues[0], 'help.errors.reply'));
    if (!parsed.success) return;
    reply.mutate(
      { message: parsed.data.message, isInternal: parsed.data.is_internal },
      {
        // only what was sent is cleared: a reply the author began typing meanwhile (and whether it is
        // internal) stays as it is
        onSuccess: () => {
          if (typed.current !== message) return;
          typed.current = '';
          setMessage('');
          setInternal(false);
        },
      },
    );
  };

  return (
    <div className="conversation">
      <article className="message message-user">
        <header>
          <strong>
            <bdi>{ticket.username}</bdi>
          </strong>{' '}
          · <TimeAgo iso={ticket.created_at} />
        </header>
        <p dir="auto">{ticket.description}</p>
      </article>
      {ticket.replies?.map((r) => (
        <article
          key={r.id}
          className={`message ${r.is_admin ? 'message-staff' : 'message-user'}${r.is_internal ? ' message-internal' : ''}`}
          data-testid="reply"
        >
          <header>
            <strong>
              <bdi>{r.username}</bdi>
            </strong>
            {r.is_admin && <span className="status">{t('help.staff')}</span>}
            {r.is_internal && <span className="status status-internal">{t('help.internal')}</span>} ·{' '}
            <TimeAgo iso={r.created_at} />
          </header>
          <p dir="auto">{r.message}</p>
        </article>
      ))}
      {closed ? (
        <p className="panel" data-testid="ticket-closed">
          {t('help.closedNotice')}
        </p>
      ) : (
        <form className="form" onSubmit={send}>
          <label>
            {t('help.reply')}
            <textarea
              rows={4}
              value={message}
              onChange={(e) => {
                typed.current = e.target.value;
                setMessage(e.target.value);
              }}
              maxLength={5000}
              data-testid="reply-input"
            />
          </label>
          {staff && (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={internal}
                onChange={(e) => setInternal(e.target.checked)}
                data-testid="reply-internal"
              />{' '}
              {t('help.markInternal')}
            </label>
          )}
          {error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="button" disabled={reply.isPending} data-testid="reply-submit">
            {t('help.sendReply')}
          </button>
        </form>
      )}
    </div>
  );
}
