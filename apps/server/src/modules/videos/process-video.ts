import { MediaLimitError, NotAVideoError } from '@app/media';
import type { AppContext } from '../../context.ts';
import type { JobContext } from '../../jobs/job-types.ts';

import { renderStoredMedia } from '../../media/render-hls.ts';
import { releaseStoredMedia } from '../../media/release-media.ts';
import { notify } from '../notifications/notifications.service.ts';
import { findVideo, markVideoFailed as markVideoFailedRow, markVideoReady } from './videos.repository.ts';

/**
 * The media job of a new video: a JPEG thumbnail, three candidate frames its creator may pick as the
 * thumbnail instead, and HLS renditions from the stored original, then
 * the video becomes `ready` (listed in feeds). A file the job's probe refuses (over the limits, or a
 * format that is not a self-contained video) fails at once with the reason: a retry would not help.
 */
export async function processVideo(ctx: AppContext, videoId: string, opts: JobContext): Promise<void> {
  const video = await findVideo(ctx.db, videoId);
  if (!video || video.status === 'ready') return; // deleted meanwhile, or a duplicate delivery
  const rendered = await renderStoredMedia(ctx, video.cid, videoId, opts, ctx.config.media, {
    candidateFrames: true,
  }).catch(async (err: unknown) => {
    if (!(await findVideo(ctx.db, videoId))) return null; // deleted while processing: its source went with it
    if (!(err instanceof MediaLimitError || err instanceof NotAVideoError)) throw err;
    await markVideoFailed(ctx, videoId, `The video was refused: ${err.message}`);
    return null;
  });
  if (!rendered) return;
  if (!(await markVideoReady(ctx.db, videoId, rendered, ctx.clock.iso()))) {
    // Deleted (or its upload cancelled) while it was processing: what was rendered goes too.
    await releaseStoredMedia(ctx, {
      cid: null,
      thumbnail_cid: rendered.thumbnailCid,
      thumbnail_sizes: rendered.thumbnailSizes,
      thumbnail_choices: rendered.thumbnailChoices,
      hls_path: rendered.hlsPath,
    });
    return;
  }
  ctx.readCache.invalidate(['videos']);
  await notify(
    ctx,
    video.creator_id,
    { kind: 'video_ready', payload: { video_id: videoId, video_title: video.title } },
    { once: `video:${videoId}` }, // a job delivered twice tells once
  );
  await opts.reportProgress(100);
}

export const PROCESSING_FAILED =
  'Processing failed: the file could not be converted for streaming. Export it again as MP4 (H.264 video, AAC audio) and upload that.';

export const STORAGE_FULL = 'Processing stopped: the server ran out of storage space. Upload the video again later.';

/** A job's failure that was the disk (or the database's disk) being full, not the file. */
export const ranOutOfSpace = (error: string): boolean => /ENOSPC|no space left on device|SQLITE_FULL/i.test(error);

/** After the last retry: the video leaves `processing` for an explicit `failed` its creator can see. */
export async function markVideoFailed(ctx: AppContext, videoId: string, reason: string): Promise<void> {
  if (!(await markVideoFailedRow(ctx.db, videoId, reason.slice(0, 500), ctx.clock.iso()))) return;
  const video = await findVideo(ctx.db, videoId);
  if (video)
    await notify(
      ctx,
      video.creator_id,
      { kind: 'video_failed', payload: { video_id: videoId, video_title: video.title } },
      { once: `video:${videoId}` },
    );
}
