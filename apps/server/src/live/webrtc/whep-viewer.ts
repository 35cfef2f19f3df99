import { randomBytes } from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters, type PeerConfig, type RtpPacket } from 'werift';
import type { WebRtcConfig } from '../../config.ts';
import { startsKeyframe } from './h264.ts';
import type { RtpKind, RtpSource } from './rtp-feed.ts';

/** What the live transcode sends, as the browser names it in its offer. */
const codecs = () => ({
  video: [
    new RTCRtpCodecParameters({
      mimeType: 'video/H264',
      clockRate: 90_000,
      rtcpFeedback: [{ type: 'nack', parameter: 'pli' }],
      parameters: 'level-asymmetry-allowed=1;packetization-mode=1;profile-level-id=42e01f',
    }),
  ],
  audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48_000, channels: 2 })],
});

/** seconds the answer may wait for STUN/TURN candidates */
const GATHER_SECONDS = 3;

export const peerConfig = (c: WebRtcConfig): Partial<PeerConfig> => ({
  codecs: codecs(),
  iceServers: c.iceServers,
  icePortRange: c.portRange,
  // loopback is left out by default; the public address is announced for a server behind 1:1 NAT
  iceAdditionalHostAddresses: ['127.0.0.1', ...(c.publicIp ? [c.publicIp] : [])],
  iceStunGatherTimeout: GATHER_SECONDS,
  iceTurnConnectTimeout: GATHER_SECONDS,
});

export class OfferRefused extends Error {}

/** Trickle-free: the answer carries every candidate once gathering is complete. */
export function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const { unSubscribe } = pc.iceGatheringStateChange.subscribe((state) => {
      if (state !== 'complete') return;
      unSubscribe();
      resolve();
    });
  });
}

/**
 * One WebRTC viewer of a live stream: a werift peer that answers the browser's offer and sends it
 * the stream's RTP as it arrives (werift gives each viewer its own SSRC, payload type and sequence).
 * Video starts at the next keyframe (one a second), so a viewer who joins mid-stream never gets
 * pictures that depend on ones it missed. It goes away when the viewer hangs up, when its
 * connection fails or never comes up, and when the stream's feed ends.
 */
export class WhepViewer {
  readonly id = randomBytes(16).toString('base64url');
  private readonly tracks = new Map<RtpKind, MediaStreamTrack>();
  private sawKeyframe = false;
  private connected = false;
  private unsubscribe: () => void = () => undefined;
  private timer: NodeJS.Timeout | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    readonly streamId: string,
    readonly address: string,
    private readonly pc: RTCPeerConnection,
    private readonly connectTimeoutMs: number,
    private readonly onClosed: (viewer: WhepViewer) => void,
  ) {}

  /** Answers `offer` (the SDP text); throws OfferRefused when it is not an offer this stream can be sent on. */
  static async answer(
    o: { streamId: string; address: string; offer: string; feed: RtpSource; config: WebRtcConfig },
    onClosed: (viewer: WhepViewer) => void,
  ): Promise<{ viewer: WhepViewer; answer: string }> {
    const pc = new RTCPeerConnection(peerConfig(o.config));
    const viewer = new WhepViewer(o.streamId, o.address, pc, o.config.connectTimeoutMs, onClosed);
    try {
      await pc.setRemoteDescription({ type: 'offer', sdp: o.offer }).catch((err: unknown) => {
        throw new OfferRefused(err instanceof Error ? err.message : 'unreadable offer');
      });
      for (const transceiver of pc.getTransceivers()) {
        const { kind } = transceiver;
        if ((kind !== 'video' && kind !== 'audio') || !transceiver.codecs.length || viewer.tracks.has(kind)) continue;
        const track = new MediaStreamTrack({ kind });
        transceiver.setDirection('sendonly');
        await transceiver.sender.replaceTrack(track);
        viewer.tracks.set(kind, track);
      }
      if (!viewer.tracks.has('video')) throw new OfferRefused('the offer takes no H.264 video');
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc);
      const answer = pc.localDescription?.sdp;
      if (!answer) throw new OfferRefused('no answer could be made');
      viewer.watch(o.feed);
      return { viewer, answer };
    } catch (err) {
      await pc.close().catch(() => undefined);
      throw err;
    }
  }

  private watch(feed: RtpSource): void {
    this.unsubscribe = feed.subscribe(
      (kind, packet) => this.send(kind, packet),
      () => void this.close(),
    );
    this.timer = setTimeout(() => void this.close(), this.connectTimeoutMs);
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') {
        this.connected = true;
        clearTimeout(this.timer);
      } else if (state === 'disconnected') {
        // consent lost: it may come back (a network change), but not for long
        this.connected = false;
        clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.close(), this.connectTimeoutMs);
      } else if (state === 'failed' || state === 'closed') {
        void this.close();
      }
    });
  }

  private send(kind: RtpKind, packet: RtpPacket): void {
    if (!this.connected) return;
    if (kind === 'video' && !this.sawKeyframe) {
      if (!startsKeyframe(packet.payload)) return;
      this.sawKeyframe = true;
    }
    this.tracks.get(kind)?.writeRtp(packet);
  }

  get isClosed(): boolean {
    return this.closing !== undefined;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      clearTimeout(this.timer);
      this.unsubscribe();
      this.connected = false;
      for (const track of this.tracks.values()) track.stop();
      this.onClosed(this);
      await this.pc.close().catch(() => undefined);
    })();
    return this.closing;
  }
}
