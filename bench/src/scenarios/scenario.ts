/** One measured figure next to the ceiling it is judged against (measured in the same run). */
export interface Figure {
  metric: string;
  value: number;
  unit: string;
  /** what "as fast as this machine can" means for this figure; absent for absolute targets */
  ceiling?: { value: number; what: string };
  /** an absolute target (e.g. memory), printed with pass/fail */
  target?: { max: number; what: string };
  note?: string;
}

export interface Scenario {
  name: string;
  description: string;
  run(): Promise<Figure[]>;
}
