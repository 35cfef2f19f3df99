import { lazy, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale, useFormats } from '../../lib/i18n/formatting.ts';
import { CHART_COLOURS, isEmptySeries, totalAndPeak, utcNoon, type ChartSeries } from './chart-data.ts';
import './charts.css';

// The charting library is a chunk of its own, fetched when a chart is first drawn.
const UplotChart = lazy(() => import('./uplot-chart.tsx'));

interface Props {
  title: string;
  /** the UTC days, oldest first */
  dates: string[];
  series: ChartSeries[];
  isLoading?: boolean;
  failed?: boolean;
  testId?: string;
}

/** What a screen reader hears instead of the lines: each series' total and busiest day. */
function useSummary(title: string, dates: string[], series: ChartSeries[]): string {
  const { t } = useTranslation();
  const format = useFormats();
  if (dates.length === 0) return title;
  const parts = series.map((s) => {
    const { total, peakIndex } = totalAndPeak(s.values);
    return t('charts.seriesSummary', {
      label: s.label,
      total: s.format(total),
      peak: s.format(s.values[peakIndex] ?? 0),
      date: format.date(utcNoon(dates[peakIndex]!)),
    });
  });
  return t('charts.summary', {
    title,
    from: format.date(utcNoon(dates[0]!)),
    to: format.date(utcNoon(dates.at(-1)!)),
    parts: parts.join(' '),
  });
}

export function ChartTable({ title, dates, series }: { title: string; dates: string[]; series: ChartSeries[] }) {
  const { t } = useTranslation();
  const format = useFormats();
  return (
    // a region that scrolls sideways on a phone, reachable and scrollable by keyboard
    <div className="chart-table-wrap" tabIndex={0} role="region" aria-label={title}>
      <table className="chart-table">
        {/* the card's heading says it already: the caption names the table for screen readers */}
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('earnings.history.date')}</th>
            {series.map((s) => (
              <th scope="col" key={s.key}>
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((date, i) => (
            <tr key={date}>
              <th scope="row">{format.date(utcNoon(date))}</th>
              {series.map((s) => (
                <td key={s.key}>{s.format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A per-day chart with what every chart here needs: a loading and an empty state, a text summary
 * for screen readers, a legend that is text, and a "Show as table" switch to the same numbers.
 */
export function DailyChart({ title, dates, series, isLoading, failed, testId }: Props) {
  const { t, i18n } = useTranslation();
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const summary = useSummary(title, dates, series);
  const dayLabel = useMemo(() => {
    const day = new Intl.DateTimeFormat(intlLocale(i18n.language), { day: 'numeric', month: 'short', timeZone: 'UTC' });
    return (date: Date) => day.format(date);
  }, [i18n.language]);

  let body;
  if (isLoading) body = <div className="spinner" role="status" aria-label={t('charts.loading')} />;
  else if (failed)
    body = (
      <p className="muted" role="alert">
        {t('charts.failed')}
      </p>
    );
  else if (isEmptySeries(series)) body = <p className="muted chart-empty">{t('charts.empty')}</p>;
  else
    body = (
      <>
        <button
          type="button"
          className="button button-secondary chart-toggle"
          aria-controls={`${id}-view`}
          onClick={() => setAsTable((v) => !v)}
          data-testid="chart-toggle"
        >
          {asTable ? t('charts.showChart') : t('charts.showTable')}
        </button>
        <p className="sr-only" id={`${id}-summary`}>
          {summary}
        </p>
        <div id={`${id}-view`}>
          {asTable ? (
            <ChartTable title={title} dates={dates} series={series} />
          ) : (
            <>
              <div role="img" aria-label={title} aria-describedby={`${id}-summary`} className="chart-area">
                <Suspense fallback={<div className="spinner" />}>
                  <UplotChart dates={dates} series={series} dayLabel={dayLabel} />
                </Suspense>
              </div>
              <ul className="chart-legend" aria-hidden="true">
                {series.map((s, i) => (
                  <li key={s.key}>
                    <span className="chart-swatch" style={{ borderColor: CHART_COLOURS[i % CHART_COLOURS.length] }} />
                    {s.label}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </>
    );

  return (
    <section className="card chart-card" aria-labelledby={`${id}-title`} aria-busy={isLoading} data-testid={testId}>
      <h2 id={`${id}-title`}>{title}</h2>
      {body}
    </section>
  );
}
