import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { runFfmpeg } from '@app/media';
import { recordingParts } from './ingest-session.ts';

/** MPEG-TS is a run of 188-byte packets: a file being written is whole up to the last full packet. */
const TS_PACKET = 188;

/** Several MPEG-TS parts as one file, remuxed without re-encoding. */
export async function joinParts(inputs: string[], out: string): Promise<void> {
  await runFfmpeg(['-hide_banner', '-y', '-i', `concat:${inputs.join('|')}`, '-c', 'copy', '-f', 'mpegts', out]);
}

/**
 * The recording so far of a stream still on air: its finished parts plus the part being written,
 * read up to its last whole packet, joined into `work/snapshot.ts`. Null when nothing is recorded here.
 */
export async function snapshotRecording(dir: string, work: string): Promise<string | null> {
  const parts = await recordingParts(dir);
  if (parts.length === 0) return null;
  const growing = path.join(dir, parts.at(-1)!);
  const size = (await fsp.stat(growing)).size;
  const whole = size - (size % TS_PACKET);
  if (whole === 0) return null;
  const frozen = path.join(work, 'current.ts');
  await pipeline(fs.createReadStream(growing, { start: 0, end: whole - 1 }), fs.createWriteStream(frozen));
  const out = path.join(work, 'snapshot.ts');
  await joinParts([...parts.slice(0, -1).map((p) => path.join(dir, p)), frozen], out);
  return out;
}
