import { describe, expect, it } from 'vitest';
import { DEFAULT_MEDIA_LIMITS } from './limits.ts';
import { LIVE_PLAYLIST, LIVE_RTP, liveHlsArgs, liveRtpInputSdp } from './live.ts';

describe('liveHlsArgs', () => {
  const base = {
    segmentSeconds: 1,
    listSize: 6,
    recordingFile: 'recording-1.ts',
    maxHeight: 720,
    limits: DEFAULT_MEDIA_LIMITS,
  } as const;

  it('reads FLV from stdin and writes the live playlist and the recording in one encode', () => {
    const args = liveHlsArgs({ ...base, inputFormat: 'flv' });
    expect(args.slice(args.indexOf('-f'), args.indexOf('-f') + 2)).toEqual(['-f', 'flv']);
    expect(args[args.indexOf('-i') + 1]).toBe('pipe:0');
    expect(args).toContain('zerolatency');
    expect(args).toContain('expr:gte(t,n_forced*1)');
    const tee = args.at(-1)!;
    expect(tee).toContain('hls_time=1');
    expect(tee).toContain('hls_list_size=6');
    expect(tee.endsWith(`${LIVE_PLAYLIST}|[f=mpegts]recording-1.ts`)).toBe(true);
    expect(args.filter((a) => a === 'libx264')).toHaveLength(1);
  });

  it('reads a browser recording as Matroska with generated timestamps', () => {
    const args = liveHlsArgs({ ...base, inputFormat: 'webm' });
    expect(args).toContain('+genpts');
    expect(args).toContain('matroska');
  });

  it('with RTP ports, encodes constrained baseline once and adds Opus, each sent as RTP to its local port', () => {
    const args = liveHlsArgs({ ...base, inputFormat: 'flv', rtp: { videoPort: 5004, audioPort: 5006 } });
    expect(args[args.indexOf('-profile:v') + 1]).toBe('baseline');
    expect(args.filter((a) => a === 'libx264')).toHaveLength(1);
    expect(args).toContain('libopus');
    const outputs = args.at(-1)!.split('|');
    expect(outputs).toHaveLength(4);
    expect(outputs[0]).toMatch(/^\[select=\\'v,a:0\\':f=hls:/);
    expect(outputs[2]).toBe(
      `[select=v:f=rtp:onfail=ignore:payload_type=96:ssrc=${LIVE_RTP.videoSsrc}]rtp://127.0.0.1:5004?pkt_size=1200`,
    );
    expect(outputs[3]).toContain(`payload_type=111:ssrc=${LIVE_RTP.audioSsrc}]rtp://127.0.0.1:5006`);
  });

  it('reads a WHIP publisher from a session description on stdin, with only pipe, UDP and RTP allowed', () => {
    const args = liveHlsArgs({ ...base, inputFormat: 'rtp' });
    expect(args.slice(args.indexOf('-protocol_whitelist'), args.indexOf('-protocol_whitelist') + 2)).toEqual([
      '-protocol_whitelist',
      'pipe,udp,rtp',
    ]);
    expect(args[args.indexOf('-f') + 1]).toBe('sdp');
    expect(args[args.indexOf('-i') + 1]).toBe('pipe:0');
    // a browser's H.264 names no frame rate: the frames keep their own times (see live.ts)
    expect(args.slice(args.indexOf('-fps_mode'), args.indexOf('-fps_mode') + 2)).toEqual(['-fps_mode', 'vfr']);
    expect(liveHlsArgs({ ...base, inputFormat: 'flv' })).not.toContain('-fps_mode');
  });
});

describe('liveRtpInputSdp', () => {
  it('describes H.264 and Opus on the given loopback ports, taking datagrams from loopback only', () => {
    const sdp = liveRtpInputSdp({ videoPort: 40000, audioPort: 40002 });
    expect(sdp).toContain('c=IN IP4 127.0.0.1');
    expect(sdp).toContain('a=source-filter: incl IN IP4 * 127.0.0.1');
    expect(sdp).toContain(`m=video 40000 RTP/AVP ${LIVE_RTP.videoPayloadType}`);
    expect(sdp).toContain(`a=rtpmap:${LIVE_RTP.videoPayloadType} H264/90000`);
    expect(sdp).toContain(`m=audio 40002 RTP/AVP ${LIVE_RTP.audioPayloadType}`);
    expect(sdp).toContain(`a=rtpmap:${LIVE_RTP.audioPayloadType} opus/48000/2`);
    // a publisher without sound: no audio for ffmpeg to wait for
    expect(liveRtpInputSdp({ videoPort: 40000 })).not.toContain('m=audio');
  });
});
