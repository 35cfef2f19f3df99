import type { AppContext } from '../context.ts';
import { markVideoFailed, processVideo } from '../modules/videos/process-video.ts';

/** The one place that says which code runs each job type. */
export function registerJobHandlers(ctx: AppContext): void {
  ctx.jobs.register('transcode-video', {
    run: ({ videoId }, job) => processVideo(ctx, videoId, job),
    onFinalFailure: ({ videoId }, error) => markVideoFailed(ctx, videoId, `Processing failed: ${error}`),
  });
}
