/** One line of a per-day chart: its values in display units (tokens, rupees, counts), one per day. */
export interface ChartSeries {
  key: string;
  label: string;
  values: number[];
  /** how a value reads in the table, the summary and the axis */
  format: (value: number) => string;
  /** money on the right axis when counts share the chart */
  axis?: 'left' | 'right';
}

/**
 * Line colours in the order series are drawn: each at least 4.5:1 on the white card, and a dash
 * pattern of its own, so no line is told apart by colour alone.
 */
export const CHART_COLOURS = ['#1d4ed8', '#b45309', '#047857', '#be185d', '#6d28d9', '#0e7490', '#4b5563'];
export const CHART_DASHES: number[][] = [[], [6, 3], [2, 3], [10, 4, 2, 4], [4, 4], [12, 3], [1, 2]];

/** A UTC date at noon: the same calendar day in every reader's time zone. */
export const utcNoon = (date: string): string => `${date}T12:00:00Z`;

/** Seconds since the epoch of each day's noon, uPlot's x values. */
export const timestampsOf = (dates: string[]): number[] => dates.map((d) => Date.parse(utcNoon(d)) / 1000);

/** One field of every day, as a chart's values. */
export const columnOf = <T, K extends keyof T>(days: T[], key: K, toUnits: (v: number) => number = (v) => v) =>
  days.map((d) => toUnits(Number(d[key])));

/** Nothing happened on any day: the chart shows its empty state instead of flat lines. */
export const isEmptySeries = (series: ChartSeries[]): boolean => series.every((s) => s.values.every((v) => v === 0));

/** The total of a series and its busiest day (the first, when days tie). */
export function totalAndPeak(values: number[]): { total: number; peakIndex: number } {
  let peakIndex = 0;
  values.forEach((v, i) => {
    if (v > values[peakIndex]!) peakIndex = i;
  });
  // sums of tenths of tokens or of paise stay exact when added in the smallest unit
  const total = Math.round(values.reduce((sum, v) => sum + v * 100, 0)) / 100;
  return { total, peakIndex };
}
