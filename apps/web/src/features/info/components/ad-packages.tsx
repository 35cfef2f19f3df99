import { useTranslation } from 'react-i18next';
import { AD_DURATIONS_SECONDS, AD_PACKAGES, AD_SPEND_SPLIT, formatUsd } from '../lib/advertising.ts';

export function AdPackages() {
  const { t } = useTranslation();
  return (
    <ul className="info-cards info-cards-3">
      {AD_PACKAGES.map((p) => (
        <li
          key={p.id}
          className={`card info-card ad-package${p.id === 'professional' ? ' ad-package-featured' : ''}`}
          data-testid={`package-${p.id}`}
        >
          <h3>{t(`info.advertise.packages.${p.id}.title`)}</h3>
          <p className="ad-price">
            {p.monthlyUsd === null ? (
              <strong>{t('info.advertise.custom')}</strong>
            ) : (
              <>
                <strong>{formatUsd(p.monthlyUsd)}</strong> <span className="muted">{t('info.advertise.perMonth')}</span>
              </>
            )}
          </p>
          <p>{t(`info.advertise.packages.${p.id}.body`)}</p>
        </li>
      ))}
    </ul>
  );
}

export function AdDurations() {
  const { t } = useTranslation();
  return (
    <ul className="info-cards info-cards-3">
      {AD_DURATIONS_SECONDS.map((s) => (
        <li key={s} className="card info-card" data-testid={`duration-${s}`}>
          <h3>{t('info.advertise.seconds', { count: s })}</h3>
          <p>{t(`info.advertise.durations.s${s}`)}</p>
        </li>
      ))}
    </ul>
  );
}

export function SpendSplit() {
  const { t } = useTranslation();
  return (
    <div className="card">
      {AD_SPEND_SPLIT.map((s) => {
        const label = t(`info.advertise.split.${s.id}`);
        return (
          <div key={s.id} className="bar-row">
            <span>
              {label} · <strong>{s.percent}%</strong>
            </span>
            <div
              className="bar"
              role="meter"
              aria-valuenow={s.percent}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-label={label}
            >
              <div style={{ width: `${s.percent}%` }} />
            </div>
          </div>
        );
      })}
    </div>
  );
}
