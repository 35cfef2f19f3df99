import type { JobHandler } from '../job-types.ts';

/** Succeeds at once: proves a deployment's workers are running (enqueue one, watch getJob). */
export const runNoop: JobHandler<'noop'> = async () => undefined;
