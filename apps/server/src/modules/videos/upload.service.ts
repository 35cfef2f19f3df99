import fsp from 'node:fs/promises';
import { MediaLimitError, NotAVideoError, RefusedFormatError, probe } from '@app/media';
import { Rewards, VideoUploadFieldsSchema, type Video } from '@app/shared';
import type { AppContext } from '../../context.ts';
import type { UsersTable } from '../../db/schema.ts';
import { payloadTooLarge, unsupportedMediaType, invalidInput } from '../../http/errors.ts';
import type { ReceivedFile } from '../../http/file-upload.ts';
import { newId } from '../../lib/ids.ts';
import { releaseBlob } from '../../storage/release-blob.ts';
import { cidKey } from '../../storage/blob-store.ts';
import { SystemAccount, transferOnce, userAccountId } from '../ledger/ledger.service.ts';
import { insertVideo } from './videos.repository.ts';
import { VideoEarningKinds, getVideo } from './videos.service.ts';
import { writeTransaction } from '../../db/group-commit.ts';

export const NOT_A_VIDEO = 'Please select a valid video file';
export const TOO_LARGE = 'File size must be less than 500MB';
export const NO_FILE = 'Please select a video file to upload';

/** A refused file as the uploader should read it; anything else is ours to report. */
function refusal(err: unknown): unknown {
  if (err instanceof MediaLimitError) return payloadTooLarge(err.message, { code: err.code, params: err.params });
  if (err instanceof RefusedFormatError)
    return unsupportedMediaType(
      err.message,
      err.refersToOtherFiles
        ? { code: 'video_refers_to_files' }
        : { code: 'video_format_refused', params: { format: err.format } },
    );
  if (err instanceof NotAVideoError) return unsupportedMediaType(NOT_A_VIDEO, { code: 'not_a_video' });
  return err;
}

/**
 * Turns a received file into a video: probe it (the bytes decide, not the declared type), store the
 * blob once per CID, create the row and pay the upload reward in one transaction, then queue the
 * transcode. Any failure removes what this upload added.
 */
export async function createVideoFromUpload(ctx: AppContext, user: UsersTable, upload: ReceivedFile): Promise<Video> {
  let storedBlob = false;
  try {
    const fields = VideoUploadFieldsSchema.safeParse(upload.fields);
    if (!fields.success) throw invalidInput(fields.error.issues[0], 'Invalid video details');
    const media = await probe(upload.tempPath, { limits: ctx.config.media }).catch((err: unknown) => {
      throw refusal(err);
    });

    const contentType = upload.declaredType.startsWith('video/') ? upload.declaredType : 'video/mp4';
    storedBlob = await ctx.blobs.putFile(cidKey(upload.cid), upload.tempPath, contentType);

    const id = newId();
    const at = ctx.clock.iso();
    await writeTransaction(ctx.db, async (trx) => {
      await insertVideo(trx, {
        id,
        creator_id: user.id,
        title: fields.data.title,
        description: fields.data.description,
        category: fields.data.category,
        tags: JSON.stringify(fields.data.tags),
        cid: upload.cid,
        size_bytes: upload.size,
        content_type: contentType,
        duration_ms: Math.round(media.durationSeconds * 1000),
        width: media.width,
        height: media.height,
        thumbnail_cid: null,
        thumbnail_sizes: null,
        thumbnail_choices: null,
        hls_path: null,
        status: 'processing',
        failure: null,
        views: 0,
        likes: 0,
        comment_count: 0,
        comments_enabled: 1,
        created_at: at,
        updated_at: at,
      });
      // Once per creator and content: the same bytes uploaded again make a new video but pay nothing.
      await transferOnce(
        {
          from: SystemAccount.mint,
          to: userAccountId(user.id),
          amount: Rewards.upload,
          kind: VideoEarningKinds.upload,
          ref: id,
          idempotencyKey: `upload:${user.id}:${upload.cid}`,
        },
        trx,
      );
      // Queued in the same transaction: a video row never exists without the job that processes it.
      await ctx.jobs.enqueue('transcode-video', { videoId: id }, { jobId: `transcode-video:${id}` }, trx);
    });
    return getVideo(ctx, id, user);
  } catch (err) {
    await fsp.rm(upload.tempPath, { force: true });
    if (storedBlob) await releaseBlob(ctx, upload.cid);
    throw err;
  }
}
