import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hlsVodArgs, renditionLadder, transcodeToHls } from './hls.ts';
import { generateTestVideo } from './test-video.ts';
import { scratchDir, segmentDurations, variantUris } from './test-fixtures.ts';

const dir = scratchDir('hls');
const withAudio = path.join(dir, 'with-audio.mp4');
const silent720 = path.join(dir, 'silent-720.mp4');
const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('rendition ladder', () => {
  it('climbs to the source height and never upscales', () => {
    expect(renditionLadder(2160).map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(renditionLadder(1080).map((r) => r.name)).toEqual(['360p', '720p', '1080p']);
    expect(renditionLadder(1079).map((r) => r.name)).toEqual(['360p', '720p']);
    expect(renditionLadder(720).map((r) => r.name)).toEqual(['360p', '720p']);
    expect(renditionLadder(480).map((r) => r.name)).toEqual(['360p']);
  });

  it('keeps one rendition at the source height for tiny sources, even and with fewer bits', () => {
    expect(renditionLadder(240)).toEqual([expect.objectContaining({ name: '240p', height: 240 })]);
    expect(renditionLadder(241)[0]!.height).toBe(240);
    expect(renditionLadder(240)[0]!.videoBitrateKbps).toBeLessThan(renditionLadder(360)[0]!.videoBitrateKbps);
    expect(() => renditionLadder(0)).toThrow(RangeError);
  });
});

describe('HLS arguments', () => {
  const ladder = renditionLadder(1080);

  it('scales once per rendition, aligns keyframes with segments and names variants', () => {
    const args = hlsVodArgs({ file: 'in.mp4', demuxer: 'mov' }, '/out', ladder, { segmentSeconds: 2, frameRate: 30 });
    const value = (flag: string) => args[args.indexOf(flag) + 1];
    expect(value('-filter_complex')).toBe(
      [
        '[0:v]split=3[s0][s1][s2]',
        '[s0]scale=-2:360,setsar=1,format=yuv420p[v0]',
        '[s1]scale=-2:720,setsar=1,format=yuv420p[v1]',
        '[s2]scale=-2:1080,setsar=1,format=yuv420p[v2]',
      ].join(';'),
    );
    expect([value('-g'), value('-keyint_min'), value('-sc_threshold'), value('-force_key_frames')]).toEqual([
      '60',
      '60',
      '0',
      'expr:gte(t,n_forced*2)',
    ]);
    expect([value('-hls_time'), value('-hls_playlist_type'), value('-master_pl_name')]).toEqual([
      '2',
      'vod',
      'master.m3u8',
    ]);
    expect(value('-hls_segment_filename')).toBe('/out/%v/seg_%05d.ts');
    expect(value('-var_stream_map')).toBe('v:0,a:0,name:360p v:1,a:1,name:720p v:2,a:2,name:1080p');
    expect(args.at(-1)).toBe('/out/%v/index.m3u8');
  });

  it('maps no audio for a silent source', () => {
    const args = hlsVodArgs({ file: 'in.mp4', demuxer: 'mov' }, '/out', ladder, { hasAudio: false });
    expect(args).not.toContain('0:a:0');
    expect(args[args.indexOf('-var_stream_map') + 1]).toBe('v:0,name:360p v:1,name:720p v:2,name:1080p');
  });
});

describe('transcoding to HLS with ffmpeg', () => {
  beforeAll(() =>
    Promise.all([
      generateTestVideo(withAudio, { seconds: 4, width: 640, height: 360 }),
      generateTestVideo(silent720, { seconds: 2, width: 1280, height: 720, withAudio: false }),
    ]),
  );

  it('writes a VOD set with a master playlist, short segments and progress', async () => {
    const out = path.join(dir, 'hls');
    const ladder = renditionLadder(360);
    const progress: number[] = [];
    const result = await transcodeToHls({ file: withAudio, demuxer: 'mov' }, out, ladder, {
      segmentSeconds: 2,
      onProgress: (f) => void progress.push(f),
    });

    expect(variantUris(read(result.masterPlaylist))).toEqual(ladder.map((r) => `${r.name}/index.m3u8`));
    for (const { playlist } of result.variants) {
      const media = read(playlist);
      expect(media).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(media.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
      const durations = segmentDurations(media);
      expect(durations.length).toBeGreaterThanOrEqual(2);
      expect(Math.max(...durations)).toBeLessThanOrEqual(2.5);
      expect(durations.reduce((a, b) => a + b, 0)).toBeCloseTo(4, 0);
      expect(fs.existsSync(path.join(path.dirname(playlist), 'seg_00000.ts'))).toBe(true);
    }
    expect(progress.at(-1)).toBe(1);
  });

  it('transcodes a silent 720p source into 360p and 720p', async () => {
    const out = path.join(dir, 'hls-silent');
    const ladder = renditionLadder(720);
    const result = await transcodeToHls({ file: silent720, demuxer: 'mov' }, out, ladder);
    const master = read(result.masterPlaylist);
    expect(variantUris(master)).toEqual(['360p/index.m3u8', '720p/index.m3u8']);
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=1280x720');
    expect(master).not.toContain('mp4a');
    for (const { playlist } of result.variants) expect(read(playlist).trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
