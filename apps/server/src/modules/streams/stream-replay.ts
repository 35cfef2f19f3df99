import { withoutDurationCap } from '@app/media';
import type { AppContext } from '../../context.ts';
import type { JobContext } from '../../jobs/job-types.ts';

import { renderStoredMedia } from '../../media/render-hls.ts';
import { findStream, setReplay } from './streams.repository.ts';

/**
 * The replay of an ended stream: its recording rendered like an upload (thumbnail + HLS ladder). The
 * recording is our own encode and as long as the broadcast was, so only the frame limits apply.
 */
export async function renderStreamReplay(ctx: AppContext, streamId: string, job: JobContext): Promise<void> {
  const stream = await findStream(ctx.db, streamId);
  if (!stream?.recording_cid || stream.replay_path) return; // nothing recorded, or a duplicate delivery
  const rendered = await renderStoredMedia(
    ctx,
    stream.recording_cid,
    `stream-${streamId}`,
    job,
    withoutDurationCap(ctx.config.media),
  );
  await setReplay(ctx.db, streamId, rendered, ctx.clock.iso());
  ctx.readCache.invalidate(['streams']);
  await job.reportProgress(100);
}
