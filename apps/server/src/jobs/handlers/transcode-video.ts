import { PROCESSING_FAILED, markVideoFailed, processVideo } from '../../modules/videos/process-video.ts';
import type { FinalFailureHook, JobHandler } from '../job-types.ts';

/** Thumbnail and HLS renditions of a new upload; the work itself lives with the videos module. */
export const transcodeVideo: JobHandler<'transcode-video'> = ({ videoId }, job) => processVideo(job.ctx, videoId, job);

/** ffmpeg's own words name paths on this server: they stay in the log, the uploader reads what to do. */
export const transcodeVideoFailed: FinalFailureHook<'transcode-video'> = ({ videoId }, _error, ctx) =>
  markVideoFailed(ctx, videoId, PROCESSING_FAILED);
