import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileInputArgs, runFfmpeg, type MediaLimits } from '@app/media';
import { recordingParts } from './ingest-session.ts';

/** MPEG-TS is a run of 188-byte packets: a file being written is whole up to the last full packet. */
const TS_PACKET = 188;
/** A stream copy that cannot move a megabyte a second is wedged. */
const REMUX_BYTES_PER_SECOND = 1_000_000;

/**
 * Several MPEG-TS parts as one file, remuxed without re-encoding. MPEG-TS parts join by plain
 * concatenation, so the bytes are appended here rather than through ffmpeg's concat protocol: ffmpeg
 * only ever opens one local file, as MPEG-TS, and never a list of names.
 */
export async function joinParts(inputs: string[], out: string, limits: MediaLimits): Promise<void> {
  const joined = `${out}.joined`;
  try {
    let bytes = 0;
    for (const [i, input] of inputs.entries()) {
      await pipeline(fs.createReadStream(input), fs.createWriteStream(joined, { flags: i === 0 ? 'w' : 'a' }));
      bytes += (await fsp.stat(input)).size;
    }
    await runFfmpeg(
      [
        '-hide_banner',
        '-nostdin',
        '-y',
        ...fileInputArgs({ file: joined, demuxer: 'mpegts' }, limits),
        '-c',
        'copy',
        '-f',
        'mpegts',
        out,
      ],
      {
        timeoutMs: (limits.runTimeoutSeconds + bytes / REMUX_BYTES_PER_SECOND) * 1000,
        memoryLimitMb: limits.memoryLimitMb,
      },
    );
  } finally {
    await fsp.rm(joined, { force: true });
  }
}

/**
 * The recording so far of a stream still on air: its finished parts plus the part being written,
 * read up to its last whole packet, joined into `work/snapshot.ts`. Null when nothing is recorded here.
 */
export async function snapshotRecording(dir: string, work: string, limits: MediaLimits): Promise<string | null> {
  const parts = await recordingParts(dir);
  if (parts.length === 0) return null;
  const growing = path.join(dir, parts.at(-1)!);
  const size = (await fsp.stat(growing)).size;
  const whole = size - (size % TS_PACKET);
  if (whole === 0) return null;
  const frozen = path.join(work, 'current.ts');
  await pipeline(fs.createReadStream(growing, { start: 0, end: whole - 1 }), fs.createWriteStream(frozen));
  const out = path.join(work, 'snapshot.ts');
  await joinParts([...parts.slice(0, -1).map((p) => path.join(dir, p)), frozen], out, limits);
  return out;
}
