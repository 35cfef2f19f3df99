import { renderStreamReplay } from '../../modules/streams/stream-replay.ts';
import type { JobHandler } from '../job-types.ts';

/** A recorded live stream becomes watchable again as an HLS ladder; the work lives with the streams module. */
export const streamReplay: JobHandler<'stream-replay'> = ({ streamId }, job) =>
  renderStreamReplay(job.ctx, streamId, job);
