import fsp from 'node:fs/promises';
import path from 'node:path';
import { imageThumbnailSet, sniffImage } from '@app/media';
import { isStaff, type ThumbnailChoices, type Video, type VideoEdit } from '@app/shared';
import type { AppContext } from '../../context.ts';
import { writeTransaction } from '../../db/group-commit.ts';
import type { UsersTable } from '../../db/schema.ts';
import { conflict, forbidden, notFound, unsupportedMediaType } from '../../http/errors.ts';
import type { ReceivedFile } from '../../http/file-upload.ts';
import { storeThumbnailSet } from '../../media/render-hls.ts';
import { releaseStoredMedia, thumbnailCids } from '../../media/release-media.ts';
import { presentThumbnailSizes, type StoredThumbnailSize } from '../../media/thumbnail-sizes.ts';
import { releaseBlob } from '../../storage/release-blob.ts';
import { deleteClipsOfVideo } from '../clips/clips.service.ts';
import { deleteCommentsOn } from '../comments/comments.service.ts';
import { ranOutOfSpace } from './process-video.ts';
import { deleteCaptionsOf } from './captions.repository.ts';
import * as repo from './videos.repository.ts';
import { VIDEO_NOT_FOUND, getVideo } from './videos.service.ts';

export const NO_IMAGE = 'Please select a JPEG, PNG or WebP image';
export const IMAGE_TOO_LARGE = 'A thumbnail image must be at most 5 MB';
const NOT_AN_IMAGE = 'This file is not a JPEG, PNG or WebP picture that can be read';
const NOT_CREATOR = 'Only the creator of this video can change it';
const NO_FRAMES =
  'This video was processed before frames were saved to choose from: upload an image as its thumbnail instead';

/**
 * The video as its creator (or, to delete it, staff) may change it: 404 for an id that is not there
 * or that the caller may not see (a video still processing is its creator's alone), 403 for someone
 * else's published video.
 */
async function ownVideo(ctx: AppContext, user: UsersTable, id: string, staffToo = false): Promise<repo.VideoRow> {
  const video = await repo.findVideo(ctx.db, id);
  const allowed = video?.creator_id === user.id || (staffToo && isStaff(user.role));
  if (!video || (video.status !== 'ready' && !allowed)) throw notFound(VIDEO_NOT_FOUND, { code: 'video_not_found' });
  if (!allowed) throw forbidden(NOT_CREATOR, { code: 'not_video_creator' });
  return video;
}

const framesOf = (video: repo.VideoRow): StoredThumbnailSize[][] =>
  video.thumbnail_choices ? (JSON.parse(video.thumbnail_choices) as StoredThumbnailSize[][]) : [];

/** The candidate frames of the caller's own video, and which is its thumbnail now. */
export async function thumbnailChoices(ctx: AppContext, user: UsersTable, id: string): Promise<ThumbnailChoices> {
  const video = await ownVideo(ctx, user, id);
  const frames = framesOf(video);
  const current = frames.findIndex((f) => f.at(-1)?.jpeg === video.thumbnail_cid);
  return {
    frames: frames.map((sizes, index) => ({ index, sizes: presentThumbnailSizes(JSON.stringify(sizes)) })),
    current: current === -1 ? null : current,
  };
}

/** Blobs of a replaced thumbnail go once nothing refers to them (a candidate frame stays: the row lists it). */
async function releaseThumbnail(ctx: AppContext, before: repo.VideoRow): Promise<void> {
  const cids = new Set([
    ...(before.thumbnail_cid ? [before.thumbnail_cid] : []),
    ...thumbnailCids(before.thumbnail_sizes),
  ]);
  for (const cid of cids) await releaseBlob(ctx, cid);
}

/** Title, description, category, tags (the upload's limits) and a frame as the thumbnail. */
export async function editVideo(ctx: AppContext, user: UsersTable, id: string, edit: VideoEdit): Promise<Video> {
  const video = await ownVideo(ctx, user, id);
  const changes: repo.VideoChanges = {};
  if (edit.title !== undefined) changes.title = edit.title;
  if (edit.description !== undefined) changes.description = edit.description;
  if (edit.category !== undefined) changes.category = edit.category;
  if (edit.tags !== undefined) changes.tags = JSON.stringify(edit.tags);
  if (edit.thumbnail_frame !== undefined) {
    const frame = framesOf(video)[edit.thumbnail_frame];
    if (!frame) throw conflict(NO_FRAMES, { code: 'thumbnail_frame_unavailable', field: 'thumbnail_frame' });
    changes.thumbnail_cid = frame.at(-1)!.jpeg;
    changes.thumbnail_sizes = JSON.stringify(frame);
  }
  if (!(await writeTransaction(ctx.db, (trx) => repo.updateVideo(trx, video.id, changes, ctx.clock.iso()))))
    throw notFound(VIDEO_NOT_FOUND, { code: 'video_not_found' });
  if (changes.thumbnail_cid !== undefined) await releaseThumbnail(ctx, video);
  ctx.readCache.invalidate(['videos']);
  return getVideo(ctx, video.id, user);
}

/**
 * An uploaded picture as the thumbnail. Its type is read from its first bytes, and it is decoded and
 * written again by ffmpeg at the card widths (under the media limits): what is served is never the
 * uploaded file. Ownership is checked before `receive` reads a byte.
 */
export async function uploadThumbnail(
  ctx: AppContext,
  user: UsersTable,
  id: string,
  receive: () => Promise<ReceivedFile>,
): Promise<Video> {
  const video = await ownVideo(ctx, user, id);
  const upload = await receive();
  const work = await fsp.mkdtemp(path.join(ctx.tempDir, `thumbnail-${video.id}-`));
  const stored: string[] = [];
  try {
    const head = new Uint8Array(12);
    const file = await fsp.open(upload.tempPath);
    await file.read(head, 0, head.length, 0).finally(() => file.close());
    const type = sniffImage(head);
    if (!type) throw unsupportedMediaType(NOT_AN_IMAGE, { code: 'not_an_image' });
    const set = await imageThumbnailSet(upload.tempPath, type, path.join(work, 'set'), {
      limits: ctx.config.media,
    }).catch((err: unknown) => {
      if (ranOutOfSpace(String(err))) throw err;
      throw unsupportedMediaType(NOT_AN_IMAGE, { code: 'not_an_image' });
    });
    const sizes = await storeThumbnailSet(ctx, set, stored);
    const updated = await writeTransaction(ctx.db, (trx) =>
      repo.updateVideo(
        trx,
        video.id,
        { thumbnail_cid: sizes.at(-1)!.jpeg, thumbnail_sizes: JSON.stringify(sizes) },
        ctx.clock.iso(),
      ),
    );
    if (!updated) throw notFound(VIDEO_NOT_FOUND, { code: 'video_not_found' }); // deleted meanwhile
    stored.length = 0; // the row holds them now
    await releaseThumbnail(ctx, video);
    ctx.readCache.invalidate(['videos']);
    return await getVideo(ctx, video.id, user);
  } finally {
    for (const cid of stored) await releaseBlob(ctx, cid);
    await fsp.rm(work, { recursive: true, force: true });
    await fsp.rm(upload.tempPath, { force: true });
  }
}

/**
 * Deletes a video (its creator, or staff): the row, its likes, views, ratings, captions, comments and
 * the clips cut from it, in one transaction; ledger entries stay (every balance stays exact, and a
 * tip's history just names no title). Its blobs go afterwards, each once nothing else refers to it. A
 * video still processing can be deleted too: its job finds the row gone and discards what it rendered.
 */
export async function deleteVideo(ctx: AppContext, user: UsersTable, id: string): Promise<void> {
  const video = await ownVideo(ctx, user, id, true);
  const gone = await writeTransaction(ctx.db, async (trx) => {
    await deleteCommentsOn(trx, 'video', [video.id]);
    const clips = await deleteClipsOfVideo(trx, video.id);
    const captions = await deleteCaptionsOf(trx, video.id);
    const row = await repo.deleteVideo(trx, video.id);
    return row && { row, clips, captions };
  });
  if (!gone) throw notFound(VIDEO_NOT_FOUND, { code: 'video_not_found' }); // deleted by a request just before
  ctx.readCache.invalidate(['videos', 'clips']);
  await releaseStoredMedia(ctx, gone.row);
  for (const clip of gone.clips) await releaseStoredMedia(ctx, clip);
  for (const caption of gone.captions) await ctx.blobs.delete(caption.blob_key);
}
