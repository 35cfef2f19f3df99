import type { LoadResult } from '../lib/load.ts';

export interface ScenarioOutcome {
  result: LoadResult;
  ceiling: LoadResult;
}

export interface Scenario {
  name: string;
  description: string;
  run(): Promise<ScenarioOutcome>;
}
