import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useTickets } from '../../features/tickets/api/tickets.ts';
import { Faq } from '../../features/tickets/components/faq.tsx';
import { TicketForm } from '../../features/tickets/components/ticket-form.tsx';
import { TicketList } from '../../features/tickets/components/ticket-list.tsx';
import { session } from '../../lib/session/session-store.ts';
import { SignInPrompt } from './sign-in-prompt.tsx';

type Tab = 'tickets' | 'create' | 'faq';

export function HelpPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signedIn = session.use((s) => s.isAuthenticated);
  const category = Number(params.get('category')) || undefined;
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'create' || category ? 'create' : 'tickets');
  const tickets = useTickets({}, signedIn);
  if (!signedIn) return <SignInPrompt icon="?" title="help.signInTitle" body="help.signInBody" />;

  return (
    <section className="page help-page">
      <h1>{t('pages.help')}</h1>
      <div className="tabs" role="tablist">
        {(['tickets', 'create', 'faq'] as const).map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className="tab"
            onClick={() => setTab(id)}
            data-testid={`help-tab-${id}`}
          >
            {id === 'tickets' ? t('help.tabs.tickets', { count: tickets.data?.length ?? 0 }) : t(`help.tabs.${id}`)}
          </button>
        ))}
      </div>
      {tab === 'tickets' &&
        (tickets.isLoading ? <div className="spinner" role="status" /> : <TicketList tickets={tickets.data ?? []} />)}
      {tab === 'create' && <TicketForm initialCategory={category} />}
      {tab === 'faq' && <Faq />}
    </section>
  );
}
