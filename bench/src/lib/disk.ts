import { execFileSync } from 'node:child_process';

/**
 * Writes out what the kernel still holds for the disk (`sync`). Past a few GB of dirty pages, left by
 * the build, an earlier scenario or an earlier upload's blob, Linux throttles every writer to the
 * disk's pace. Without this, a write figure and its ceiling would each measure whatever happened to
 * be written before them, and a scenario's figures would depend on the ones that ran first.
 */
export const flushDirtyPages = (): void => {
  execFileSync('sync');
};
