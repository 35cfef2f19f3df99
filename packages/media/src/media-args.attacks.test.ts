import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clipCutArgs } from './clip.ts';
import { hlsVodArgs, renditionLadder } from './hls.ts';
import { DEFAULT_MEDIA_LIMITS, demuxerOf, withoutDurationCap, type MediaInput } from './limits.ts';
import { liveHlsArgs } from './live.ts';
import { thumbnailArgs } from './thumbnail.ts';

/** The options given to the (only) input, and what it opens. */
function input(args: string[]): { options: Map<string, string>; opens: string } {
  expect(args.filter((a) => a === '-i')).toHaveLength(1);
  const at = args.indexOf('-i');
  const options = new Map<string, string>();
  for (let i = 0; i < at; i++)
    if (args[i]!.startsWith('-') && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-'))
      options.set(args[i]!, args[i + 1]!);
  return { options, opens: args[at + 1]! };
}

// Names an attacker might give a file, if one ever reached a builder unchanged.
const hostile: MediaInput = { file: 'concat:/etc/passwd|x.mp4', demuxer: 'matroska' };

describe('every ffmpeg run on user bytes opens the file as itself', () => {
  const builders: Array<[string, (i: MediaInput) => string[]]> = [
    ['thumbnail', (i) => thumbnailArgs(i, 'out.jpg', 1)],
    ['clip cut', (i) => clipCutArgs(i, 'out.mp4', { startSeconds: 1, durationSeconds: 10, hasAudio: true })],
    ['HLS transcode', (i) => hlsVodArgs(i, '/out', renditionLadder(720))],
  ];

  it.each(builders)('%s: forced allowed demuxer, file protocol only, frame cap, file: path', (_name, build) => {
    const { options, opens } = input(build(hostile));
    expect(options.get('-f')).toBe('matroska');
    expect(options.get('-format_whitelist')).toBe('matroska');
    expect(options.get('-protocol_whitelist')).toBe('file');
    expect(options.get('-max_pixels')).toBe(String(DEFAULT_MEDIA_LIMITS.maxFramePixels));
    expect(opens).toBe(`file:${path.resolve('concat:/etc/passwd|x.mp4')}`);
  });

  it('uses the limits it is given', () => {
    const limits = { ...DEFAULT_MEDIA_LIMITS, maxFramePixels: 1920 * 1080, maxDurationSeconds: 600 };
    const args = hlsVodArgs({ file: 'in.mp4', demuxer: 'mov' }, '/out', renditionLadder(720), { limits });
    expect(input(args).options.get('-max_pixels')).toBe(String(1920 * 1080));
    // A container that understates its length still stops at the limit.
    expect(args[args.indexOf('-t') + 1]).toBe('600');
    expect(
      hlsVodArgs({ file: 'in.mp4', demuxer: 'mov' }, '/out', renditionLadder(720), {
        limits: withoutDurationCap(limits),
      }),
    ).not.toContain('-t');
  });

  it.each([
    ['flv', 'flv'],
    ['webm', 'matroska'],
  ] as const)(
    'live ingest of %s reads stdin through the pipe protocol and the %s demuxer only',
    (inputFormat, demuxer) => {
      const args = liveHlsArgs({
        inputFormat,
        segmentSeconds: 1,
        listSize: 6,
        recordingFile: 'recording-1.ts',
        maxHeight: 720,
        limits: DEFAULT_MEDIA_LIMITS,
      });
      const { options, opens } = input(args);
      expect([options.get('-f'), options.get('-format_whitelist'), options.get('-protocol_whitelist'), opens]).toEqual([
        demuxer,
        demuxer,
        'pipe',
        'pipe:0',
      ]);
    },
  );

  it('maps only self-contained containers to a demuxer', () => {
    expect(demuxerOf('mov,mp4,m4a,3gp,3g2,mj2')).toBe('mov');
    expect(demuxerOf('matroska,webm')).toBe('matroska');
    for (const format of ['hls', 'concat', 'dash', 'image2', 'tty', 'sdp', 'webm', 'mp4', ''])
      expect(demuxerOf(format), format).toBeNull();
  });
});
