import { randomBytes } from 'node:crypto';
import type dgram from 'node:dgram';
import { LIVE_RTP, type LiveRtpInput } from '@app/media';
import { RTCPeerConnection, RTCRtpCodecParameters, type MediaStreamTrack, type RTCRtpTransceiver } from 'werift';
import type { AppContext } from '../../context.ts';
import { countIngestBytes } from '../../http/metrics.ts';
import { bindLoopbackUdp } from './rtp-feed.ts';
import { OfferRefused, gathered, peerConfig } from './whep-viewer.ts';

/**
 * What a publisher may send: constrained-baseline H.264 (what every browser and OBS can encode, and
 * what ffmpeg reads without B-frame reordering) and Opus. werift matches the profile exactly, so an
 * offer with only VP8, or only another H.264 profile, finds no video codec here.
 */
const codecs = () => ({
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/H264',
      clockRate: 90_000,
      rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
      parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
    }),
  ],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
});

/** at most one keyframe request a second: each makes the browser send a large picture */
const KEYFRAME_REQUEST_MS = 1_000;

export class NoH264Offered extends OfferRefused {}

/** H.264 whose profile-level-id says Baseline (0x42) with constraint_set1 (constrained baseline) */
function isConstrainedBaseline(codec: RTCRtpCodecParameters): boolean {
  const profile = /(?:^|;)\s*profile-level-id=([0-9a-f]{6})/i.exec(codec.parameters ?? '')?.[1];
  const mode = /(?:^|;)\s*packetization-mode=(\d)/.exec(codec.parameters ?? '')?.[1];
  return (
    codec.mimeType.toLowerCase() === 'video/h264' &&
    mode === '1' &&
    !!profile &&
    profile.slice(0, 2).toLowerCase() === '42' &&
    (parseInt(profile.slice(2, 4), 16) & 0x40) !== 0
  );
}

/**
 * One WHIP publisher: a werift peer that answers the broadcaster's offer (receive-only H.264 and
 * Opus) and relays each RTP packet it receives, decrypted and marked with the payload types and SSRCs
 * of `LIVE_RTP`, to the stream's ffmpeg on loopback UDP. It asks the browser for a keyframe (once a
 * second at most) until ffmpeg decodes, and again after a lost packet (ffmpeg's RTP reader does not
 * ask for H.264 keyframes itself); WHEP viewers need none from it, as ffmpeg encodes one a second.
 * It ends on DELETE, when its connection fails, never comes up or goes silent, and when the ingest
 * session ends (stream stopped, ffmpeg gone); `onClosed` then ends the ingest session too.
 */
export class WhipPublisher {
  readonly id = randomBytes(16).toString('base64url');
  private relay: { socket: dgram.Socket; ports: LiveRtpInput; decoding: () => boolean } | undefined;
  private connected = false;
  private lastKeyframeRequest = 0;
  private lastVideoSeq: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;
  /** whether the offer sends Opus sound as well as the picture */
  sendsAudio = false;
  /** called once, when it closes */
  onClosed: () => void = () => undefined;

  private constructor(
    private readonly ctx: AppContext,
    readonly streamId: string,
    private readonly pc: RTCPeerConnection,
  ) {}

  /** Answers `offer`; throws OfferRefused for an unreadable offer, NoH264Offered for one without H.264 video. */
  static async answer(
    ctx: AppContext,
    streamId: string,
    offer: string,
  ): Promise<{ publisher: WhipPublisher; answer: string }> {
    const pc = new RTCPeerConnection({ ...peerConfig(ctx.config.webrtc), codecs: codecs() });
    const publisher = new WhipPublisher(ctx, streamId, pc);
    // the remote tracks are announced while the offer is taken in
    pc.onTrack.subscribe((track) => {
      const transceiver = pc.getTransceivers().find((t) => t.receiver.tracks.includes(track));
      if (transceiver && track.ssrc !== undefined) publisher.forward(track, track.ssrc, transceiver);
    });
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: offer }).catch((err: unknown) => {
        throw new OfferRefused(err instanceof Error ? err.message : 'unreadable offer');
      });
      const taken = new Set<string>();
      for (const transceiver of pc.getTransceivers()) {
        const { kind } = transceiver;
        // werift matches the offer's codecs by name only: the H.264 profile is checked here
        if (kind === 'video') transceiver.codecs = transceiver.codecs.filter(isConstrainedBaseline);
        if ((kind !== 'video' && kind !== 'audio') || !transceiver.codecs.length || taken.has(kind)) {
          transceiver.setDirection('inactive');
          continue;
        }
        taken.add(kind);
        transceiver.setDirection('recvonly');
      }
      if (!pc.getTransceivers().some((t) => t.kind === 'video')) throw new OfferRefused('the offer sends no video');
      if (!taken.has('video')) throw new NoH264Offered('the offer sends no constrained-baseline H.264 video');
      publisher.sendsAudio = taken.has('audio');
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      const answer = pc.localDescription?.sdp;
      if (!answer) throw new OfferRefused('no answer could be made');
      return { publisher, answer };
    } catch (err) {
      await pc.close().catch(() => undefined);
      throw err;
    }
  }

  /**
   * Starts relaying to ffmpeg's ports and the connection's clock; `decoding` says whether ffmpeg
   * has made pictures of what it was sent yet.
   */
  async start(ports: LiveRtpInput, decoding: () => boolean): Promise<void> {
    const socket = await bindLoopbackUdp();
    this.relay = { socket, ports, decoding };
    if (this.closing) return void socket.close();
    const { connectTimeoutMs } = this.ctx.config.webrtc;
    this.timer = setTimeout(() => void this.close(), connectTimeoutMs);
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        this.connected = true;
        this.silence(); // from now on the clock counts silence
      } else if (state === 'disconnected') {
        // consent lost: it may come back (a network change), but not for long
        this.connected = false;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.close(), connectTimeoutMs);
      } else if (state === 'failed' || state === 'closed') {
        void this.close();
      }
    });
  }

  /** a publisher that sends nothing for a while does not hold the stream on air */
  private silence(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.close(), this.ctx.config.ws.ingestIdleMs);
  }

  private forward(track: MediaStreamTrack, ssrc: number, transceiver: RTCRtpTransceiver): void {
    const video = track.kind === 'video';
    track.onReceiveRtp.subscribe((packet) => {
      const relay = this.relay;
      if (!relay || !this.connected || this.closing) return;
      if (video) this.watchVideo(packet.header.sequenceNumber, transceiver, ssrc);
      this.timer?.refresh();
      packet.header.payloadType = video ? LIVE_RTP.videoPayloadType : LIVE_RTP.audioPayloadType;
      packet.header.ssrc = video ? LIVE_RTP.videoSsrc : LIVE_RTP.audioSsrc;
      const data = packet.serialize();
      countIngestBytes(this.ctx, 'whip', data.length);
      const port = video ? relay.ports.videoPort : relay.ports.audioPort;
      if (port !== undefined) relay.socket.send(data, port, '127.0.0.1');
    });
  }

  private watchVideo(seq: number, transceiver: RTCRtpTransceiver, ssrc: number): void {
    const lost = this.lastVideoSeq !== undefined && seq !== ((this.lastVideoSeq + 1) & 0xffff);
    this.lastVideoSeq = seq;
    // the first pictures may reach ffmpeg before it listens: until its playlist shows it decodes, ask again
    const waiting = !this.relay?.decoding();
    if ((!waiting && !lost) || Date.now() - this.lastKeyframeRequest < KEYFRAME_REQUEST_MS) return;
    this.lastKeyframeRequest = Date.now();
    void transceiver.receiver.sendRtcpPLI(ssrc).catch(() => undefined);
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      clearTimeout(this.timer);
      this.connected = false;
      this.relay?.socket.close();
      this.onClosed();
      await this.pc.close().catch(() => undefined);
    })();
    return this.closing;
  }
}
