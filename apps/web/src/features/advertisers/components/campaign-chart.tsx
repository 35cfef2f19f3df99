import { DailyLimits, paiseToRupees, type Campaign } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { columnOf, type ChartSeries } from '../../../components/charts/chart-data.ts';
import { DailyChart } from '../../../components/charts/daily-chart.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { useCampaignDaily } from '../api/campaign-daily.ts';

/** One campaign's last 30 days (picked from a list): impressions and clicks, spend on its own axis. */
export function CampaignChart({ campaigns }: { campaigns: Campaign[] }) {
  const { t } = useTranslation();
  const format = useFormats();
  const [picked, setPicked] = useState<string | undefined>();
  const id = picked ?? campaigns[0]?.id;
  const { data, isLoading, isError } = useCampaignDaily(id, DailyLimits.defaultDays);
  if (!id) return <p className="muted">{t('advertiser.campaigns.emptyBody')}</p>;
  const days = data?.days ?? [];
  const series: ChartSeries[] = [
    {
      key: 'impressions',
      label: t('advertiser.overview.impressions'),
      values: columnOf(days, 'impressions'),
      format: format.number,
    },
    { key: 'clicks', label: t('advertiser.overview.clicks'), values: columnOf(days, 'clicks'), format: format.number },
    {
      key: 'spend',
      label: t('advertiser.campaigns.spent'),
      values: columnOf(days, 'spend', paiseToRupees),
      format: format.inr,
      axis: 'right',
    },
  ];
  return (
    <>
      <label className="chart-pick">
        {t('charts.campaign')}
        <select value={id} onChange={(e) => setPicked(e.target.value)} data-testid="campaign-chart-pick">
          {campaigns.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <DailyChart
        title={t('charts.campaignTitle')}
        dates={days.map((d) => d.date)}
        series={series}
        isLoading={isLoading}
        failed={isError}
        testId="campaign-chart"
      />
    </>
  );
}
