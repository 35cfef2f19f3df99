import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { cidOfFile, cutClip, probe, withoutDurationCap } from '@app/media';
import type { AppContext } from '../../context.ts';
import type { JobContext } from '../../jobs/job-types.ts';

import { renderFile } from '../../media/render-hls.ts';
import { releaseStoredMedia } from '../../media/release-media.ts';
import { cidKey } from '../../storage/blob-store.ts';
import { resolveClipSource } from './clip-sources.ts';
import { releaseBlob } from '../../storage/release-blob.ts';
import * as repo from './clips.repository.ts';

/**
 * The media job of a new clip: a frame-accurate cut of its range as an MP4 of its own (stored by
 * its CID, the clip's ipfs_hash), a thumbnail and HLS renditions of the cut; then the clip is
 * `ready` and listed. Work happens in a scratch folder that is removed whatever happens, so a retry
 * starts over cleanly.
 */
export async function processClip(
  ctx: AppContext,
  clipId: string,
  job: Pick<JobContext, 'signal' | 'reportProgress'>,
): Promise<void> {
  const clip = await repo.findClip(ctx.db, clipId);
  if (!clip || clip.status !== 'processing') return; // deleted meanwhile, or a duplicate delivery
  const source = clip.source_video_id
    ? await resolveClipSource(ctx.db, 'video', clip.source_video_id)
    : await resolveClipSource(ctx.db, 'stream', clip.source_stream_id!);
  const blobKey = clip.source_cid
    ? cidKey(clip.source_cid)
    : source?.input.kind === 'blob'
      ? source.input.blobKey
      : null;
  if (!source || !blobKey) {
    await markClipFailed(ctx, clipId, 'The source of this clip no longer exists');
    return;
  }

  const work = await fsp.mkdtemp(path.join(ctx.tempDir, `clip-${clipId}-`));
  try {
    const input = path.join(work, 'source');
    await pipeline(await ctx.blobs.read(blobKey), fs.createWriteStream(input));
    // A cut decodes a minute at most, so a long source (a recorded broadcast) is fine; its frames are not.
    const limits = withoutDurationCap(ctx.config.media);
    const sourceInfo = await probe(input, { signal: job.signal, limits });

    const cut = path.join(work, 'clip.mp4');
    await cutClip({ file: input, demuxer: sourceInfo.demuxer }, cut, {
      startSeconds: clip.start_ms / 1000,
      durationSeconds: clip.duration_seconds,
      hasAudio: sourceInfo.hasAudio,
      limits,
      signal: job.signal,
      onProgress: (fraction) => job.reportProgress(Math.floor(fraction * 40)),
    });
    const rendered = await renderFile(ctx, cut, `clip-${clipId}`, work, job, { from: 40, to: 100 }, ctx.config.media);

    // Stored last: putFile moves the file, and only a finished cut gets a blob.
    const cid = await cidOfFile(cut);
    const size = (await fsp.stat(cut)).size;
    await ctx.blobs.putFile(cidKey(cid), cut, 'video/mp4');
    const media = {
      cid,
      size_bytes: size,
      thumbnail_cid: rendered.thumbnailCid,
      thumbnail_sizes: rendered.thumbnailSizes,
      hls_path: rendered.hlsPath,
    };
    if (!(await repo.markReady(ctx.db, clipId, media, ctx.clock.iso()))) {
      // Deleted with its source video while it was cut: what was made goes too.
      await releaseStoredMedia(ctx, { ...media, source_cid: clip.source_cid });
      return;
    }
    ctx.readCache.invalidate(['clips']);
    if (clip.source_cid) await releaseBlob(ctx, clip.source_cid);
    await job.reportProgress(100);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** After the last retry: the clip leaves `processing` for an explicit `failed` its creator can see. */
export async function markClipFailed(ctx: AppContext, clipId: string, reason: string): Promise<void> {
  const clip = await repo.findClip(ctx.db, clipId);
  await repo.markFailed(ctx.db, clipId, reason, ctx.clock.iso());
  if (clip?.source_cid) await releaseBlob(ctx, clip.source_cid);
}
