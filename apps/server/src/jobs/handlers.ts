import { cutClip, cutClipFailed } from './handlers/cut-clip.ts';
import { runNoop } from './handlers/noop.ts';
import { transcodeVideo, transcodeVideoFailed } from './handlers/transcode-video.ts';
import { streamReplay } from './handlers/stream-replay.ts';
import type { JobQueue } from './job-queue.ts';
import type { FinalFailureHook, JobHandler, JobType } from './job-types.ts';

/** The one place that says which code runs each job type: a type without a handler does not compile. */
export const jobHandlers: { [T in JobType]: JobHandler<T> } = {
  noop: runNoop,
  'transcode-video': transcodeVideo,
  'stream-replay': streamReplay,
  'cut-clip': cutClip,
};

/** What puts each type's entity in its explicit `failed` state once retries are exhausted. */
export const finalFailureHooks: { [T in JobType]?: FinalFailureHook<T> } = {
  'transcode-video': transcodeVideoFailed,
  'cut-clip': cutClipFailed,
};

export function registerJobHandlers(jobs: JobQueue): void {
  const add = <T extends JobType>(type: T) => {
    jobs.register(type, jobHandlers[type]);
    const hook = finalFailureHooks[type];
    if (hook) jobs.onFinalFailure(type, hook);
  };
  for (const type of Object.keys(jobHandlers) as JobType[]) add(type);
}
