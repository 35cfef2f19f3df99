import { TicketCreateSchema, TicketPriorities } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notifications.ts';
import { ticketCategoryName, ticketErrorText, useCategories, useCreateTicket } from '../api/tickets.ts';
import { issueText } from '../../../lib/error-text.ts';

/** The form's own names for its fields, in its refusals (the ticket's title is its subject). */
const FIELD_LABELS = { title: 'help.subject', description: 'help.description', category_id: 'help.category' };

/** Subject, category and description are required; priority defaults to medium; email is optional. */
export function TicketForm({ initialCategory }: { initialCategory?: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: categories } = useCategories();
  const [form, setForm] = useState({
    title: '',
    description: '',
    category_id: initialCategory ? String(initialCategory) : '',
    priority: 'medium',
    user_email: '',
  });
  const [invalid, setInvalid] = useState<string | null>(null);
  const create = useCreateTicket();
  const error = invalid ?? (create.error && ticketErrorText(create.error, 'help.errors.create'));
  const set =
    (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
      setForm({ ...form, [key]: e.target.value });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = TicketCreateSchema.safeParse(form);
    setInvalid(parsed.success ? null : issueText(parsed.error.issues[0], 'help.errors.create', FIELD_LABELS));
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (ticket) => {
        notify('success', t('help.createdNotice', { number: ticket.ticket_number }));
        void navigate(`/tickets/${ticket.id}`);
      },
    });
  };

  return (
    <form className="form card" onSubmit={submit} noValidate data-testid="ticket-form">
      <label>
        {t('help.subject')}
        <input value={form.title} onChange={set('title')} maxLength={150} data-testid="ticket-title" />
      </label>
      <label>
        {t('help.category')}
        <select value={form.category_id} onChange={set('category_id')} data-testid="ticket-category">
          <option value="">{t('help.chooseCategory')}</option>
          {categories?.map((c) => (
            <option key={c.id} value={c.id}>{`${c.icon} ${ticketCategoryName(c)}`}</option>
          ))}
        </select>
      </label>
      <label>
        {t('help.priorityLabel')}
        <select value={form.priority} onChange={set('priority')}>
          {TicketPriorities.map((p) => (
            <option key={p} value={p}>
              {t(`help.priority.${p}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('help.description')}
        <textarea
          rows={6}
          value={form.description}
          onChange={set('description')}
          maxLength={5000}
          data-testid="ticket-description"
        />
      </label>
      <label>
        {t('help.email')}
        <input type="email" value={form.user_email} onChange={set('user_email')} />
      </label>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={create.isPending} data-testid="ticket-submit">
        {t('help.submit')}
      </button>
    </form>
  );
}
