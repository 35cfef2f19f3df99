import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { CaptionLimits, isWebVtt, type VideoCaption, type VideoCaptionList } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { conflict, forbidden, notFound, unsupportedMediaType } from '../../http/errors.ts';
import type { ReceivedFile } from '../../http/file-upload.ts';
import * as repo from './captions.repository.ts';
import { visibleVideo } from './videos.service.ts';
import type { VideoCaptionsTable } from './videos.tables.ts';

export const NO_CAPTION_FILE = 'Please select a WebVTT (.vtt) caption file';
export const CAPTION_TOO_LARGE = 'A caption file must be at most 1 MB';
const NOT_WEBVTT = 'This is not a WebVTT caption file: it must start with the line WEBVTT';
const CAPTIONS_NOT_FOUND = 'These captions do not exist';

const present = (row: Pick<VideoCaptionsTable, 'video_id' | 'language'>): VideoCaption => ({
  language: row.language,
  url: `/api/videos/${encodeURIComponent(row.video_id)}/captions/${row.language}`,
});

/** The caption languages of a video the caller may see. */
export async function listVideoCaptions(
  ctx: AppContext,
  videoId: string,
  viewer?: UsersTable,
): Promise<VideoCaptionList> {
  const video = await visibleVideo(ctx.db, videoId, viewer);
  return { captions: (await repo.listCaptions(ctx.db, video.id)).map(present) };
}

async function ownVideo(ctx: AppContext, user: UsersTable, videoId: string) {
  const video = await visibleVideo(ctx.db, videoId, user);
  if (video.creator_id !== user.id)
    throw forbidden('Only the creator of this video can change its captions', { code: 'not_video_creator' });
  return video;
}

/** UTF-8 text that starts like WebVTT; anything else (binary, another encoding, SRT, HTML) is refused. */
async function readWebVtt(path: string): Promise<void> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await fsp.readFile(path));
  } catch {
    throw unsupportedMediaType(NOT_WEBVTT, { code: 'not_webvtt' });
  }
  if (!isWebVtt(text) || text.includes('\0')) throw unsupportedMediaType(NOT_WEBVTT, { code: 'not_webvtt' });
}

/**
 * Adds or replaces a video's captions in one language. Ownership is checked before `receive` reads a
 * byte of the upload; the file is kept only once it is known to be WebVTT, and a replaced file is removed.
 */
export async function addCaption(
  ctx: AppContext,
  user: UsersTable,
  videoId: string,
  language: string,
  receive: () => Promise<ReceivedFile>,
): Promise<VideoCaption> {
  const video = await ownVideo(ctx, user, videoId);
  const previous = await repo.findCaption(ctx.db, video.id, language);
  if (!previous && (await repo.countCaptions(ctx.db, video.id)) >= CaptionLimits.perVideo)
    throw conflict(`A video can have captions in at most ${CaptionLimits.perVideo} languages`, {
      code: 'too_many_captions',
      params: { max: CaptionLimits.perVideo },
    });
  const upload = await receive();
  try {
    await readWebVtt(upload.tempPath);
    const key = `captions/${video.id}/${language}/${upload.cid}.vtt`;
    if (previous?.blob_key !== key) await ctx.blobs.putFile(key, upload.tempPath, 'text/vtt');
    await repo.upsertCaption(ctx.db, {
      video_id: video.id,
      language,
      blob_key: key,
      size_bytes: upload.size,
      created_at: ctx.clock.iso(),
    });
    if (previous && previous.blob_key !== key) await ctx.blobs.delete(previous.blob_key);
    return present({ video_id: video.id, language });
  } finally {
    await fsp.rm(upload.tempPath, { force: true });
  }
}

export async function removeCaption(ctx: AppContext, user: UsersTable, videoId: string, language: string) {
  const video = await ownVideo(ctx, user, videoId);
  const caption = await repo.findCaption(ctx.db, video.id, language);
  if (!caption) throw notFound(CAPTIONS_NOT_FOUND, { code: 'not_found' });
  await repo.deleteCaption(ctx.db, video.id, language);
  await ctx.blobs.delete(caption.blob_key);
}

/** The bytes of a published video's captions. */
export async function captionFile(
  ctx: AppContext,
  videoId: string,
  language: string,
): Promise<{ size: number; body: Readable }> {
  const video = await visibleVideo(ctx.db, videoId);
  const caption = await repo.findCaption(ctx.db, video.id, language);
  if (!caption) throw notFound(CAPTIONS_NOT_FOUND, { code: 'not_found' });
  return { size: caption.size_bytes, body: await ctx.blobs.read(caption.blob_key) };
}
