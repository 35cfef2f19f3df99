import { AdSpendSplit, type AdvertiserDashboard } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormats } from '../../../lib/i18n/formatting.ts';

const tone = (good: boolean) => (good ? 'status tone-good' : 'status tone-warn');

/** Account info, performance summary, the ad-spend split and two calls to action. */
export function OverviewTab({
  data,
  onCreate,
  onAddFunds,
}: {
  data: AdvertiserDashboard;
  onCreate(): void;
  onAddFunds(): void;
}) {
  const { t } = useTranslation();
  const format = useFormats();
  const { account: a, summary: s } = data;
  return (
    <>
      <div className="two-columns">
        <section className="card" data-testid="advertiser-account">
          <h2>{t('advertiser.overview.account')}</h2>
          <dl className="facts">
            <dt>{t('advertiser.create.company')}</dt>
            <dd dir="auto">{a.company_name}</dd>
            <dt>{t('advertiser.create.email')}</dt>
            <dd>{a.contact_email}</dd>
            {a.contact_phone && (
              <>
                <dt>{t('advertiser.overview.phone')}</dt>
                <dd>{a.contact_phone}</dd>
              </>
            )}
            <dt>{t('advertiser.overview.status')}</dt>
            <dd>
              <span className={tone(a.account_status === 'active')}>
                {t(`advertiser.accountStatus.${a.account_status}`, { defaultValue: a.account_status })}
              </span>
            </dd>
            <dt>{t('advertiser.overview.verification')}</dt>
            <dd>
              <span className={tone(a.verification_status === 'verified')}>
                {t(`advertiser.verification.${a.verification_status}`, { defaultValue: a.verification_status })}
              </span>
            </dd>
            <dt>{t('advertiser.overview.memberSince')}</dt>
            <dd>{format.date(a.created_at)}</dd>
          </dl>
        </section>
        <section className="card">
          <h2>{t('advertiser.overview.performance')}</h2>
          <dl className="facts">
            <dt>{t('advertiser.overview.totalCampaigns')}</dt>
            <dd>{s.total_campaigns}</dd>
            <dt>{t('advertiser.overview.totalSpent')}</dt>
            <dd>{format.inr(s.total_spent)}</dd>
            <dt>{t('advertiser.overview.impressions')}</dt>
            <dd>{format.count(s.total_impressions)}</dd>
            <dt>{t('advertiser.overview.clicks')}</dt>
            <dd>{format.count(s.total_clicks)}</dd>
          </dl>
        </section>
      </div>
      <section className="card">
        <h2>{t('advertiser.overview.split')}</h2>
        <p className="muted">{t('advertiser.overview.splitBody')}</p>
        {(Object.keys(AdSpendSplit) as Array<keyof typeof AdSpendSplit>).map((part) => (
          <div key={part} className="bar-row">
            <span>{t(`advertiser.overview.splitParts.${part}`, { percent: AdSpendSplit[part] })}</span>
            <div
              className="bar"
              role="meter"
              aria-valuenow={AdSpendSplit[part]}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={t(`advertiser.overview.splitParts.${part}`, { percent: AdSpendSplit[part] })}
            >
              <div style={{ width: `${AdSpendSplit[part]}%` }} />
            </div>
          </div>
        ))}
      </section>
      <div className="two-columns">
        <section className="card cta-card">
          <h2>{t('advertiser.overview.ctaCampaignTitle')}</h2>
          <p>{t('advertiser.overview.ctaCampaignBody')}</p>
          <button type="button" className="button" onClick={onCreate}>
            {t('advertiser.createCampaign')}
          </button>
        </section>
        <section className="card cta-card">
          <h2>{t('advertiser.overview.ctaFundsTitle')}</h2>
          <p>{t('advertiser.overview.ctaFundsBody')}</p>
          <div className="button-row">
            <button type="button" className="button button-secondary" onClick={onAddFunds}>
              {t('advertiser.addFunds')}
            </button>
            <Link to="/contact" className="button button-outline">
              {t('advertiser.campaign.contactSales')}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}
