import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { allTranslations } from '../../lib/i18n/testing/all-translations.ts';
import type { ChartSeries } from './chart-data.ts';
import { ChartTable, DailyChart } from './daily-chart.tsx';

const i18n = i18next.createInstance();
const missing: string[] = [];
const render = (node: React.ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const dates = ['2026-11-26', '2026-11-27', '2026-11-28'];
const series: ChartSeries[] = [
  { key: 'views', label: 'Views', values: [2, 5, 1], format: String },
  { key: 'tokens', label: 'Tokens earned', values: [0.2, 0.5, 0.1], format: (v) => v.toFixed(1), axis: 'right' },
];

describe('the per-day chart', () => {
  beforeAll(async () => {
    await i18n.use(initReactI18next).init({
      resources: allTranslations,
      lng: 'en',
      fallbackLng: false,
      interpolation: { escapeValue: false },
      saveMissing: true,
      missingKeyHandler: (_lngs, _ns, key) => missing.push(key),
    });
  });

  it('gives screen readers a summary of every series: total and busiest day', () => {
    const html = render(<DailyChart title="Your last 30 days" dates={dates} series={series} />);
    expect(missing).toEqual([]);
    expect(html).toContain('<h2');
    expect(html).toMatch(/role="img" aria-label="Your last 30 days" aria-describedby="[^"]+-summary"/);
    expect(html).toContain('Views: 8 in total, most on 11/27/2026 (5).');
    expect(html).toContain('Tokens earned: 0.8 in total, most on 11/27/2026 (0.5).');
    expect(html).toMatch(/<button type="button" class="[^"]*chart-toggle"[^>]*>Show as table<\/button>/);
  });

  it('shows a loading state, a failure and an empty state instead of a flat chart', () => {
    expect(render(<DailyChart title="T" dates={[]} series={[]} isLoading />)).toContain(
      'role="status" aria-label="Loading chart…"',
    );
    expect(render(<DailyChart title="T" dates={dates} series={series} failed />)).toContain(
      'The chart could not be loaded.',
    );
    const zeros = series.map((s) => ({ ...s, values: [0, 0, 0] }));
    const empty = render(<DailyChart title="T" dates={dates} series={zeros} />);
    expect(empty).toContain('Nothing to show for these days yet.');
    expect(empty).not.toContain('Show as table');
  });

  it('as a table: a caption, a header per series and a row header per day, oldest first', () => {
    const html = render(<ChartTable title="Your last 30 days" dates={dates} series={series} />);
    expect(html).toContain('<caption class="sr-only">Your last 30 days</caption>');
    expect(html).toContain('<th scope="col">Date</th><th scope="col">Views</th><th scope="col">Tokens earned</th>');
    expect(html.match(/<th scope="row">/g)).toHaveLength(3);
    expect(html).toContain('<tr><th scope="row">11/28/2026</th><td>1</td><td>0.1</td></tr>');
    expect(html).toMatch(/tabindex="0" role="region" aria-label="Your last 30 days"/);
  });
});
