import { markClipFailed, processClip } from '../../modules/clips/cut-clip.ts';
import type { FinalFailureHook, JobHandler } from '../job-types.ts';

/** The cut, thumbnail and HLS renditions of a new clip; the work itself lives with the clips module. */
export const cutClip: JobHandler<'cut-clip'> = ({ clipId }, job) => processClip(job.ctx, clipId, job);

export const cutClipFailed: FinalFailureHook<'cut-clip'> = ({ clipId }, error, ctx) =>
  markClipFailed(ctx, clipId, `Cutting failed: ${error}`);
