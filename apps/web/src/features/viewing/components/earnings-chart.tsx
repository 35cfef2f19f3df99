import { DailyLimits, EarningCategories, paiseToRupees } from '@app/shared';
import { useTranslation } from 'react-i18next';
import { columnOf, type ChartSeries } from '../../../components/charts/chart-data.ts';
import { DailyChart } from '../../../components/charts/daily-chart.tsx';
import { useFormats } from '../../../lib/i18n/formatting.ts';
import { useEarningsDaily } from '../api/earnings-daily.ts';

const CATEGORIES = [...EarningCategories, 'creator'] as const;

/** The viewer's earnings of the last 30 days, one line per category that earned anything. */
export function EarningsChart() {
  const { t } = useTranslation();
  const format = useFormats();
  const { data, isLoading, isError } = useEarningsDaily(DailyLimits.defaultDays);
  const days = data?.days ?? [];
  const series: ChartSeries[] = CATEGORIES.map((c) => ({
    key: c,
    label: t(`earnings.categories.${c}`),
    values: columnOf(days, c, paiseToRupees),
    format: format.inr,
  })).filter((s) => s.values.some((v) => v > 0));
  return (
    <DailyChart
      title={t('charts.earningsTitle')}
      dates={days.map((d) => d.date)}
      series={series}
      isLoading={isLoading}
      failed={isError}
      testId="earnings-chart"
    />
  );
}
