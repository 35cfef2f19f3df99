import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { CHART_COLOURS, CHART_DASHES, timestampsOf, type ChartSeries } from './chart-data.ts';

const HEIGHT = 240;
/** Steps of an axis of counts: whole numbers only. */
const WHOLE_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000, 1_000_000];

interface Props {
  dates: string[];
  series: ChartSeries[];
  /** short day labels of the x axis, in the reader's language */
  dayLabel: (date: Date) => string;
}

/** The drawing itself (uPlot on a canvas), loaded only by the pages that chart. */
export default function UplotChart({ dates, series, dayLabel }: Props) {
  const box = useRef<HTMLDivElement>(null);
  // a new array of the same numbers is the same chart: draw again only when what it shows changes
  const shown = JSON.stringify([dates, series.map((s) => [s.label, s.values, s.axis])]);

  useEffect(() => {
    const el = box.current!;
    const right = series.filter((s) => s.axis === 'right');
    const left = series.filter((s) => s.axis !== 'right');
    const axisOf = (list: ChartSeries[], scale: string, side: 0 | 1, whole: boolean): uPlot.Axis => ({
      scale,
      side: side === 1 ? 1 : 3,
      size: 64,
      stroke: '#3f3f3f',
      grid: { show: side === 0, stroke: '#e5e5e5', width: 1 },
      ticks: { stroke: '#e5e5e5' },
      ...(whole ? { incrs: WHOLE_STEPS } : {}),
      values: (_u, splits) => splits.map((v) => list[0]!.format(v)),
    });
    const counts = (list: ChartSeries[]) => list.every((s) => Number.isInteger(s.values.reduce((a, b) => a + b, 0)));
    const opts: uPlot.Options = {
      width: el.clientWidth,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: {
        x: { time: true },
        y: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
        r: { range: (_u, _min, max) => [0, Math.max(max, 1)] },
      },
      series: [
        {},
        ...series.map((s, i) => ({
          label: s.label,
          stroke: CHART_COLOURS[i % CHART_COLOURS.length],
          dash: CHART_DASHES[i % CHART_DASHES.length],
          width: 2,
          scale: s.axis === 'right' ? 'r' : 'y',
          points: { show: dates.length <= 31, size: 5 },
        })),
      ],
      axes: [
        {
          stroke: '#3f3f3f',
          grid: { show: false },
          ticks: { stroke: '#e5e5e5' },
          values: (_u, splits) => splits.map((v) => dayLabel(new Date(v * 1000))),
        },
        ...(left.length ? [axisOf(left, 'y', 0, counts(left))] : []),
        ...(right.length ? [axisOf(right, 'r', 1, counts(right))] : []),
      ],
    };
    const plot = new uPlot(opts, [timestampsOf(dates), ...series.map((s) => s.values)], el);
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // `shown` stands for dates and series
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, dayLabel]);

  return <div ref={box} className="chart-canvas" />;
}
