import {
  PROCESSING_FAILED,
  STORAGE_FULL,
  markVideoFailed,
  processVideo,
  ranOutOfSpace,
} from '../../modules/videos/process-video.ts';
import type { FinalFailureHook, JobHandler } from '../job-types.ts';

/** Thumbnail and HLS renditions of a new upload; the work itself lives with the videos module. */
export const transcodeVideo: JobHandler<'transcode-video'> = ({ videoId }, job) => processVideo(job.ctx, videoId, job);

/**
 * ffmpeg's own words name paths on this server: they stay in the log, the uploader reads what to do
 * (which is not to export the file again when it was the server's disk that was full).
 */
export const transcodeVideoFailed: FinalFailureHook<'transcode-video'> = ({ videoId }, error, ctx) =>
  markVideoFailed(ctx, videoId, ranOutOfSpace(error) ? STORAGE_FULL : PROCESSING_FAILED);
