import { type Campaign, type CampaignAction } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notifications.ts';
import { advertiserErrorText, useChangeCampaign } from '../api/advertiser.ts';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { isolate } from '../../../lib/i18n/isolate.ts';

const ACTIONS: Record<Campaign['status'], CampaignAction[]> = {
  active: ['pause', 'cancel'],
  paused: ['resume', 'cancel'],
  completed: [],
  cancelled: [],
};

/** The Campaigns tab: every campaign with its numbers and the actions its status allows. */
export function CampaignList({ campaigns, onCreate }: { campaigns: Campaign[]; onCreate(): void }) {
  const { t } = useTranslation();
  const format = useFormats();
  const change = useChangeCampaign();
  if (campaigns.length === 0) {
    return (
      <div className="panel" data-testid="campaigns-empty">
        <h2>{t('advertiser.campaigns.empty')}</h2>
        <p className="muted">{t('advertiser.campaigns.emptyBody')}</p>
        <button type="button" className="button" onClick={onCreate}>
          {t('advertiser.campaigns.createFirst')}
        </button>
      </div>
    );
  }
  const act = (c: Campaign, action: CampaignAction) => {
    if (action === 'cancel' && !window.confirm(t('advertiser.campaigns.confirmCancel', { title: isolate(c.title) })))
      return;
    change.mutate(
      { id: c.id, action },
      { onError: (err) => notify('error', advertiserErrorText(err, 'advertiser.errors.campaign')) },
    );
  };
  return (
    <ul className="campaign-list">
      {campaigns.map((c) => (
        <li key={c.id} className="card" data-testid="campaign-card">
          <div className="section-head">
            <h3 dir="auto">{c.title}</h3>
            <span className={`status campaign-status-${c.status}`} data-testid="campaign-status">
              {t(`advertiser.status.${c.status}`, { defaultValue: c.status })}
            </span>
          </div>
          {c.description && <p dir="auto">{c.description}</p>}
          <dl className="campaign-numbers">
            <div>
              <dt>{t('advertiser.campaigns.budget')}</dt>
              <dd>{format.inr(c.budget)}</dd>
            </div>
            <div>
              <dt>{t('advertiser.campaigns.spent')}</dt>
              <dd data-testid="campaign-spent">{format.inr(c.spent_amount)}</dd>
            </div>
            <div>
              <dt>{t('advertiser.campaigns.views')}</dt>
              <dd data-testid="campaign-views">{format.count(c.views)}</dd>
            </div>
            <div>
              <dt>{t('advertiser.campaigns.clicks')}</dt>
              <dd>{format.count(c.clicks)}</dd>
            </div>
            <div>
              <dt>{t('advertiser.campaigns.daily')}</dt>
              <dd>{t('advertiser.campaigns.perDay', { amount: format.inr(c.daily_budget) })}</dd>
            </div>
            <div>
              <dt>{t('advertiser.campaigns.category')}</dt>
              <dd>{t(`clips.category.${c.target_category}`, { defaultValue: c.target_category })}</dd>
            </div>
          </dl>
          <div className="button-row">
            <span className="muted">{t('advertiser.campaigns.created', { date: format.date(c.created_at) })}</span>
            {ACTIONS[c.status].map((action) => (
              <button
                key={action}
                type="button"
                className={`button ${action === 'cancel' ? 'button-outline' : 'button-secondary'}`}
                disabled={change.isPending && change.variables.id === c.id}
                onClick={() => act(c, action)}
                data-testid={`campaign-${action}`}
              >
                {t(`advertiser.campaigns.${action}`)}
              </button>
            ))}
          </div>
        </li>
      ))}
    </ul>
  );
}
