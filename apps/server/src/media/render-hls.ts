import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  MASTER_PLAYLIST,
  cidOfFile,
  extractThumbnailSet,
  probe,
  renditionLadder,
  transcodeToHls,
  type MediaLimits,
  type ThumbnailSet,
} from '@app/media';
import type { AppContext } from '../context.ts';
import type { JobContext } from '../jobs/job-types.ts';
import { cidKey } from '../storage/blob-store.ts';
import { releaseBlob } from '../storage/release-blob.ts';
import type { StoredThumbnailSize } from './thumbnail-sizes.ts';

export interface RenderedMedia {
  /** the full-size (640 wide) JPEG thumbnail */
  thumbnailCid: string;
  /** JSON of the thumbnail at every card width (StoredThumbnailSize[]) */
  thumbnailSizes: string;
  /** media-store path of the HLS master playlist */
  hlsPath: string;
  durationSeconds: number;
  /** JSON of the candidate frames (StoredThumbnailSize[][]) when asked for, else null */
  thumbnailChoices: string | null;
}

/** Where the candidate frames of a video's thumbnail are taken, as shares of its duration. */
export const CANDIDATE_FRAMES = [0.1, 0.5, 0.9] as const;

/**
 * The playable form of a stored original (an upload, a live recording): a JPEG thumbnail stored by
 * CID and an HLS ladder stored under `hls/<name>/`, within `limits`. Work happens in a scratch folder
 * that is removed whatever happens, so a retried job starts over cleanly.
 */
export async function renderStoredMedia(
  ctx: AppContext,
  sourceCid: string,
  name: string,
  job: Pick<JobContext, 'signal' | 'reportProgress'>,
  limits: MediaLimits,
  options: RenderOptions = {},
): Promise<RenderedMedia> {
  const work = await fsp.mkdtemp(path.join(ctx.tempDir, `render-${name}-`));
  try {
    const source = path.join(work, 'source');
    await pipeline(await ctx.blobs.read(cidKey(sourceCid)), fs.createWriteStream(source));
    return await renderFile(ctx, source, name, work, job, { from: 0, to: 100 }, limits, options);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Stores each file of a thumbnail set as a blob by CID; `stored` collects the CIDs this call added
 * (not those another row already had), for the caller to release if a later step fails.
 */
export async function storeThumbnailSet(
  ctx: AppContext,
  set: ThumbnailSet,
  stored: string[],
): Promise<StoredThumbnailSize[]> {
  const store = async (file: string, type: string) => {
    const cid = await cidOfFile(file);
    if (await ctx.blobs.putFile(cidKey(cid), file, type)) stored.push(cid);
    return cid;
  };
  const sizes: StoredThumbnailSize[] = [];
  for (const size of set.sizes)
    sizes.push({
      width: size.width,
      jpeg: await store(size.jpeg, 'image/jpeg'),
      webp: size.webp ? await store(size.webp, 'image/webp') : null,
    });
  return sizes;
}

export interface RenderOptions {
  /** also extract CANDIDATE_FRAMES as thumbnail choices (a video's creator picks among them) */
  candidateFrames?: boolean;
}

export const hlsPrefix = (name: string) => `hls/${name}`;

/**
 * Thumbnail and HLS ladder of a local file, into the media store; `work` is the caller's scratch
 * folder and `progress` the share of the job's progress this step fills. The file is probed first:
 * one over the limits or in a refused format throws before anything decodes it. A failure part way
 * (a full disk, ffmpeg stopping) takes back what this call stored, so no half ladder or orphan
 * thumbnail stays behind, and a retry starts from nothing.
 */
export async function renderFile(
  ctx: AppContext,
  source: string,
  name: string,
  work: string,
  job: Pick<JobContext, 'signal' | 'reportProgress'>,
  progress: { from: number; to: number },
  limits: MediaLimits,
  options: RenderOptions = {},
): Promise<RenderedMedia> {
  const stored: string[] = [];
  try {
    const span = progress.to - progress.from;
    const info = await probe(source, { signal: job.signal, limits });
    const durationSeconds = info.durationSeconds;
    const input = { file: source, demuxer: info.demuxer };

    const thumbnails = await extractThumbnailSet(input, path.join(work, 'thumbnails'), {
      durationSeconds,
      signal: job.signal,
      limits,
    });
    const storeSet = (set: ThumbnailSet) => storeThumbnailSet(ctx, set, stored);
    const sizes = await storeSet(thumbnails);
    const thumbnailCid = sizes.at(-1)!.jpeg;
    const choices: StoredThumbnailSize[][] = [];
    if (options.candidateFrames)
      for (const [i, share] of CANDIDATE_FRAMES.entries()) {
        const frame = await extractThumbnailSet(input, path.join(work, `frame-${i}`), {
          atSeconds: durationSeconds * share,
          signal: job.signal,
          limits,
        });
        choices.push(await storeSet(frame));
      }
    await job.reportProgress(progress.from + Math.floor(span * 0.05));

    const hlsDir = path.join(work, 'hls');
    await transcodeToHls(input, hlsDir, renditionLadder(info.height), {
      hasAudio: info.audioCodec !== null,
      durationSeconds,
      frameRate: info.frameRate,
      limits,
      signal: job.signal,
      onProgress: (fraction) => job.reportProgress(progress.from + Math.floor(span * (0.05 + fraction * 0.9))),
    });
    await ctx.blobs.putDirectory(hlsPrefix(name), hlsDir);
    return {
      thumbnailCid,
      thumbnailSizes: JSON.stringify(sizes),
      hlsPath: `${hlsPrefix(name)}/${MASTER_PLAYLIST}`,
      durationSeconds,
      thumbnailChoices: options.candidateFrames ? JSON.stringify(choices) : null,
    };
  } catch (err) {
    await ctx.blobs.deletePrefix(hlsPrefix(name));
    for (const cid of stored) await releaseBlob(ctx, cid);
    throw err;
  }
}
