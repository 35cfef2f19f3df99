/** One measured figure, judged against a ceiling measured in the same run or an absolute target. */
export interface Figure {
  /** what was measured, e.g. "req/s" or "peak RSS, 5× upload" */
  metric: string;
  value: number;
  unit: string;
  latency?: { p50Ms: number; p99Ms: number };
  /** what "as fast as this machine can" means for this figure, and the share of it the figure must reach */
  ceiling?: { value: number; what: string; minRatio?: number };
  /** the highest acceptable p99 latency */
  p99MaxMs?: number;
  /** an absolute target (a ceiling such as memory, or a floor such as a score), printed as met or MISSED */
  target?: { max: number; what: string } | { min: number; what: string };
  /** requests that errored or answered non-2xx: any makes the figure (and the run) fail */
  failures?: number;
  note?: string;
}

export interface Scenario {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}
