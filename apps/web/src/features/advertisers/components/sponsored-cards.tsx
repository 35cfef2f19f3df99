import type { SponsoredCampaign } from '@app/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { recordAdEvent, useSponsored } from '../api/advertiser.ts';
import './advertiser.css';
import { isolate } from '../../../lib/i18n/isolate.ts';

/** Counts an impression once the card is half visible (once per mount; the server counts once per hour). */
function SponsoredCard({ campaign }: { campaign: SponsoredCampaign }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        void recordAdEvent(campaign.id, 'impression').catch(() => undefined);
      },
      { threshold: 0.5 },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [campaign.id]);
  const click = () => void recordAdEvent(campaign.id, 'click').catch(() => undefined);

  const body = (
    <>
      <div className="thumb sponsored-thumb">
        <bdi className="sponsored-company">{campaign.company_name}</bdi>
        <span className="badge badge-sponsored">{t('advertiser.sponsored')}</span>
      </div>
      <div className="video-card-body">
        <div className="avatar avatar-small" aria-hidden="true">
          {campaign.company_name.charAt(0).toUpperCase()}
        </div>
        <div>
          <h3 className="video-title" dir="auto">
            {campaign.title}
          </h3>
          <p className="video-meta">{t('advertiser.sponsoredBy', { company: isolate(campaign.company_name) })}</p>
          {campaign.description && (
            <p className="video-meta" dir="auto">
              {campaign.description}
            </p>
          )}
        </div>
      </div>
    </>
  );
  return (
    <article
      ref={ref}
      className="video-card sponsored-card"
      data-testid="sponsored-card"
      aria-label={t('advertiser.sponsoredLabel', { title: campaign.title })}
    >
      {campaign.landing_url ? (
        <a
          className="video-card-link"
          href={campaign.landing_url}
          target="_blank"
          rel="noopener noreferrer sponsored"
          onClick={click}
        >
          {body}
        </a>
      ) : (
        <div
          className="video-card-link"
          role="button"
          tabIndex={0}
          onClick={click}
          onKeyDown={(e) => e.key === 'Enter' && click()}
        >
          {body}
        </div>
      )}
    </article>
  );
}

/** The sponsored cards of a feed (its category, or any on the main feed). */
export function SponsoredCards({ category }: { category?: string }) {
  const { data } = useSponsored(category);
  return (
    <>
      {(data ?? []).map((c) => (
        <SponsoredCard key={c.id} campaign={c} />
      ))}
    </>
  );
}
