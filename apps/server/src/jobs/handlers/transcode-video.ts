import { markVideoFailed, processVideo } from '../../modules/videos/process-video.ts';
import type { FinalFailureHook, JobHandler } from '../job-types.ts';

/** Thumbnail and HLS renditions of a new upload; the work itself lives with the videos module. */
export const transcodeVideo: JobHandler<'transcode-video'> = ({ videoId }, job) => processVideo(job.ctx, videoId, job);

export const transcodeVideoFailed: FinalFailureHook<'transcode-video'> = ({ videoId }, error, ctx) =>
  markVideoFailed(ctx, videoId, `Processing failed: ${error}`);
