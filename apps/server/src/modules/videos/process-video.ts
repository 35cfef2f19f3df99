import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createCidHasher, extractThumbnail, probe, renditionLadder, transcodeToHls } from '@app/media';
import type { AppContext } from '../../context.ts';
import type { JobContext } from '../../jobs/job-types.ts';
import { nowIso } from '../../lib/ids.ts';
import { cidKey } from '../../storage/blob-store.ts';


/**
 * The media job of a new video: a JPEG thumbnail and HLS renditions from the stored original, then
 * the video becomes `ready` (listed in feeds). Work happens in a scratch folder that is removed
 * whatever happens; a retry starts over cleanly.
 */
export async function processVideo(ctx: AppContext, videoId: string, opts: JobContext): Promise<void> {
  const video = await ctx.db.selectFrom('videos').selectAll().where('id', '=', videoId).executeTakeFirst();
  if (!video || video.status === 'ready') return; // deleted meanwhile, or a duplicate delivery

  const work = await fsp.mkdtemp(path.join(ctx.tempDir, `video-${videoId}-`));
  try {
    const source = path.join(work, 'source');
    await pipeline(await ctx.blobs.read(cidKey(video.cid)), fs.createWriteStream(source));
    const info = await probe(source, opts.signal);
    const durationSeconds = info.durationSeconds;

    const thumbnail = path.join(work, 'thumbnail.jpg');
    await extractThumbnail(source, thumbnail, { durationSeconds, signal: opts.signal });
    const thumbCid = await cidOfFile(thumbnail);
    await ctx.blobs.putFile(cidKey(thumbCid), thumbnail, 'image/jpeg');
    await opts.reportProgress(5);

    const hlsDir = path.join(work, 'hls');
    await transcodeToHls(source, hlsDir, renditionLadder(info.height), {
      hasAudio: info.audioCodec !== null,
      durationSeconds,
      signal: opts.signal,
      onProgress: (fraction) => opts.reportProgress(5 + Math.floor(fraction * 90)),
    });
    await ctx.blobs.putDirectory(`hls/${videoId}`, hlsDir);

    await ctx.db
      .updateTable('videos')
      .set({ status: 'ready', thumbnail_cid: thumbCid, hls_path: `hls/${videoId}/master.m3u8`, failure: null, updated_at: nowIso() })
      .where('id', '=', videoId)
      .execute();
    await opts.reportProgress(100);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** After the last retry: the video leaves `processing` for an explicit `failed` its creator can see. */
export async function markVideoFailed(ctx: AppContext, videoId: string, reason: string): Promise<void> {
  await ctx.db
    .updateTable('videos')
    .set({ status: 'failed', failure: reason.slice(0, 500), updated_at: nowIso() })
    .where('id', '=', videoId)
    .where('status', '=', 'processing')
    .execute();
}

async function cidOfFile(file: string): Promise<string> {
  const hasher = createCidHasher();
  for await (const chunk of fs.createReadStream(file)) hasher.update(chunk as Buffer);
  return hasher.digest();
}
