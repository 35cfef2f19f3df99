import { DailyLimits, microToTokens } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { columnOf, type ChartSeries } from '../../../components/charts/chart-data.ts';
import { DailyChart } from '../../../components/charts/daily-chart.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { useCreatorDaily } from '../api/creator-daily.ts';

/** The creator dashboard's last 30 days: views, likes, new followers and comments, tokens on their own axis. */
export function CreatorChart() {
  const { t } = useTranslation();
  const format = useFormats();
  const { data, isLoading, isError } = useCreatorDaily(DailyLimits.defaultDays);
  const days = data?.days ?? [];
  const count = (key: 'views' | 'likes' | 'new_followers' | 'comments', label: string): ChartSeries => ({
    key,
    label,
    values: columnOf(days, key),
    format: format.number,
  });
  const series: ChartSeries[] = [
    count('views', t('videos.statViews')),
    count('likes', t('videos.statLikes')),
    count('new_followers', t('charts.followers')),
    count('comments', t('comments.title')),
    {
      key: 'tokens_earned',
      label: t('videos.statTokens'),
      values: columnOf(days, 'tokens_earned', microToTokens),
      format: format.tokens,
      axis: 'right',
    },
  ];
  return (
    <DailyChart
      title={t('charts.creatorTitle')}
      dates={days.map((d) => d.date)}
      series={series}
      isLoading={isLoading}
      failed={isError}
      testId="creator-chart"
    />
  );
}
