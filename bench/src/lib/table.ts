import type { Figure } from '../scenarios/scenario.ts';

export type Row = Figure & { scenario: string };

const num = (n: number) => (Number.isInteger(n) || n >= 100 ? n.toFixed(0) : n.toFixed(2));

const ratio = (r: Row): number | undefined => (r.ceiling ? r.value / r.ceiling.value : undefined);
/** A ceiling that measured nothing judges nothing: the figure counts as missed, never as infinitely met. */
const ratioMissed = (r: Row): boolean =>
  r.ceiling?.minRatio !== undefined && (!(r.ceiling.value > 0) || ratio(r)! < r.ceiling.minRatio);
const latencyMissed = (r: Row): boolean =>
  r.p99MaxMs !== undefined && (r.latency === undefined || r.latency.p99Ms >= r.p99MaxMs);

const targetMissed = ({ target, value }: Row): boolean =>
  target !== undefined && ('max' in target ? value > target.max : value < target.min);

export const failed = (r: Row): boolean =>
  (r.failures ?? 0) > 0 || targetMissed(r) || ratioMissed(r) || latencyMissed(r);

function notes(r: Row): string {
  const out: string[] = [];
  if (r.failures) out.push(`FAILED: ${r.failures} requests errored or were not 2xx`);
  if (r.target) {
    const bound = 'max' in r.target ? `≤ ${r.target.max}` : `≥ ${r.target.min}`;
    out.push(`target ${bound} ${r.unit} (${r.target.what}): ${targetMissed(r) ? 'MISSED' : 'met'}`);
  }
  if (r.ceiling?.minRatio !== undefined)
    out.push(`target ratio ≥ ${r.ceiling.minRatio}: ${ratioMissed(r) ? 'MISSED' : 'met'}`);
  if (r.p99MaxMs !== undefined) out.push(`target p99 < ${r.p99MaxMs} ms: ${latencyMissed(r) ? 'MISSED' : 'met'}`);
  if (r.ceiling) out.push(`ceiling = ${r.ceiling.what}`);
  if (r.note) out.push(r.note);
  return out.join('; ');
}

/** One line per figure: scenario, metric, value, p50/p99, ceiling and the ratio to it. */
export function renderTable(rows: Row[]): string {
  const header = ['scenario', 'metric', 'value', 'p50 ms', 'p99 ms', 'ceiling', 'ratio', 'notes'];
  const cells = rows.map((r) => [
    r.scenario,
    r.metric,
    `${num(r.value)} ${r.unit}`,
    r.latency ? String(r.latency.p50Ms) : '',
    r.latency ? String(r.latency.p99Ms) : '',
    r.ceiling ? `${num(r.ceiling.value)} ${r.unit}` : '',
    r.ceiling ? ratio(r)!.toFixed(3) : '',
    notes(r),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const rightAligned = new Set([2, 3, 4, 5, 6]);
  const line = (c: string[]) =>
    c
      .map((v, i) => (rightAligned.has(i) ? v.padStart(widths[i]!) : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}
