import { pipeInputArgs, sdpInputArgs, type MediaLimits } from './limits.ts';

/** File names a live transcode writes inside its own folder (ffmpeg runs with that folder as cwd). */
export const LIVE_PLAYLIST = 'index.m3u8';
export const LIVE_SEGMENT_PATTERN = 'seg-%06d.ts';

export interface LiveHlsOptions {
  /**
   * what arrives on stdin: FLV from the RTMP listener, WebM/Matroska from a browser's MediaRecorder,
   * or the session description of the RTP a WHIP publisher sends (see `liveRtpInputSdp`)
   */
  inputFormat: 'flv' | 'webm' | 'rtp';
  /** segment length in seconds: 1 keeps glass-to-glass latency near 3 s with standard players */
  segmentSeconds: number;
  /** segments listed in the live playlist */
  listSize: number;
  /** the MPEG-TS file the whole session is recorded into, next to the playlist */
  recordingFile: string;
  /** renditions are capped at this height (never upscaled) */
  maxHeight: number;
  /** the publisher's frames are refused above this size */
  limits: MediaLimits;
  /** also send the picture and an Opus sound as RTP to these local UDP ports, for WebRTC viewers */
  rtp?: LiveRtpOutput;
}

/** Where one live transcode sends its WebRTC-ready RTP (on 127.0.0.1), and how it marks the packets. */
export interface LiveRtpOutput {
  videoPort: number;
  audioPort: number;
}

/** The fixed payload types and SSRCs of a live transcode's RTP, so the reader can tell its packets from others. */
export const LIVE_RTP = {
  videoPayloadType: 96,
  audioPayloadType: 111,
  videoSsrc: 0x7a0001,
  audioSsrc: 0x7a0002,
} as const;
/** Where a WHIP publisher's RTP is relayed to ffmpeg on 127.0.0.1: each port and the one above it (RTCP). */
export interface LiveRtpInput {
  videoPort: number;
  /** none when the publisher sends no sound */
  audioPort?: number;
}

/**
 * The session description ffmpeg reads a WHIP publisher's RTP with: H.264 (packetisation mode 1)
 * and Opus, with the payload types and SSRCs of `LIVE_RTP`, on loopback ports. The source filter
 * makes ffmpeg drop any datagram that does not come from this machine's loopback.
 */
export function liveRtpInputSdp(ports: LiveRtpInput): string {
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=whip',
    'c=IN IP4 127.0.0.1',
    'a=source-filter: incl IN IP4 * 127.0.0.1',
    't=0 0',
    `m=video ${ports.videoPort} RTP/AVP ${LIVE_RTP.videoPayloadType}`,
    `a=rtpmap:${LIVE_RTP.videoPayloadType} H264/90000`,
    `a=fmtp:${LIVE_RTP.videoPayloadType} packetization-mode=1`,
    ...(ports.audioPort === undefined
      ? []
      : [
          `m=audio ${ports.audioPort} RTP/AVP ${LIVE_RTP.audioPayloadType}`,
          `a=rtpmap:${LIVE_RTP.audioPayloadType} opus/48000/2`,
        ]),
    '',
  ].join('\r\n');
}

/** RTP packets stay below this, so SRTP and the path's headers still fit a 1500-byte MTU */
const RTP_PACKET_BYTES = 1200;

/**
 * One ffmpeg run for a live session: reads stdin, encodes once for low latency (x264 zerolatency,
 * a keyframe every segment) and writes, through the tee muxer, both the live HLS playlist and the
 * recording. Restarting after an interruption appends to the same playlist. With `rtp`, the same
 * picture (then constrained baseline: no B-frames, so browsers' WebRTC decoders take it as is) goes
 * to a third tee output as RTP, with the sound encoded a second time as Opus for a fourth.
 */
export function liveHlsArgs(o: LiveHlsOptions): string[] {
  const args = ['-hide_banner', '-loglevel', 'error', '-y'];
  if (o.inputFormat === 'webm') args.push('-fflags', '+genpts');
  // Forced demuxer and the pipe protocol only: a publisher's bytes can never name another file or URL.
  if (o.inputFormat === 'rtp') args.push(...sdpInputArgs(o.limits));
  else args.push(...pipeInputArgs(o.inputFormat === 'flv' ? 'flv' : 'matroska', o.limits));
  args.push('-map', '0:v:0', '-map', '0:a:0?');
  if (o.rtp) args.push('-map', '0:a:0?');
  // The tee muxer makes ffmpeg keep a constant frame rate, taken from the input. RTP from a browser
  // names none (its H.264 has no timing information), so ffmpeg's guess can be the RTP clock itself,
  // 90,000 frames a second: each picture then moved the clock by 1/90000 s, no keyframe was ever
  // due, and the first segment never ended (the stream never went on air). Frames keep the times
  // they arrived with instead.
  if (o.inputFormat === 'rtp') args.push('-fps_mode', 'vfr');
  args.push(
    '-vf',
    `scale=-2:trunc(min(ih\\,${o.maxHeight})/2)*2,format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-profile:v',
    o.rtp ? 'baseline' : 'high',
    '-crf',
    '23',
    '-maxrate',
    '3000k',
    '-bufsize',
    '3000k',
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${o.segmentSeconds})`,
    '-c:a:0',
    'aac',
    '-b:a:0',
    '128k',
    '-ac',
    '2',
    '-ar',
    '48000',
  );
  const hls = [
    'f=hls',
    `hls_time=${o.segmentSeconds}`,
    `hls_list_size=${o.listSize}`,
    'hls_delete_threshold=6',
    'hls_flags=independent_segments+delete_segments+append_list+omit_endlist+temp_file',
    `hls_segment_filename=${LIVE_SEGMENT_PATTERN}`,
  ].join(':');
  const outputs = [`[${hls}]${LIVE_PLAYLIST}`, `[f=mpegts]${o.recordingFile}`];
  if (o.rtp) {
    args.push('-c:a:1', 'libopus', '-b:a:1', '96k', '-application', 'lowdelay');
    // the HLS and recording outputs keep the AAC sound; the RTP outputs take one stream each, and
    // a viewer-side failure (no sound at all, say) never stops the playlist
    const keep = "select=\\'v,a:0\\'";
    outputs[0] = `[${keep}:${hls}]${LIVE_PLAYLIST}`;
    outputs[1] = `[${keep}:f=mpegts]${o.recordingFile}`;
    const rtp = (select: string, pt: number, ssrc: number, port: number) =>
      `[select=${select}:f=rtp:onfail=ignore:payload_type=${pt}:ssrc=${ssrc}]rtp://127.0.0.1:${port}?pkt_size=${RTP_PACKET_BYTES}`;
    outputs.push(
      rtp('v', LIVE_RTP.videoPayloadType, LIVE_RTP.videoSsrc, o.rtp.videoPort),
      rtp("\\'a:1\\'", LIVE_RTP.audioPayloadType, LIVE_RTP.audioSsrc, o.rtp.audioPort),
    );
  }
  args.push('-f', 'tee', outputs.join('|'));
  return args;
}
