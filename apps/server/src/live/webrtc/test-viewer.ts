import { RTCPeerConnection } from 'werift';
import type { WebRtcConfig } from '../../config.ts';
import { peerConfig } from './whep-viewer.ts';

export const LOCAL: WebRtcConfig = {
  enabled: true,
  iceServers: [],
  publicIp: undefined,
  portRange: undefined,
  maxViewersPerStream: 1,
  maxViewers: 1,
  maxSessionsPerIp: 1,
  connectTimeoutMs: 10_000,
};

/**
 * A browser, played by werift: a peer with recvonly video and audio that makes a complete
 * (trickle-free) offer and counts the RTP packets it receives of each kind.
 */
export class TestViewer {
  readonly pc = new RTCPeerConnection(peerConfig(LOCAL));
  readonly received = { video: 0, audio: 0 };
  /** the payload of the first video packet, which must start a keyframe */
  firstVideo: Uint8Array | undefined;

  static async offer(): Promise<{ viewer: TestViewer; offer: string }> {
    const viewer = new TestViewer();
    const { pc } = viewer;
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        if (track.kind === 'video') viewer.firstVideo ??= rtp.payload;
        if (track.kind === 'video' || track.kind === 'audio') viewer.received[track.kind]++;
      }),
    );
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      pc.iceGatheringStateChange.subscribe((state) => state === 'complete' && resolve());
    });
    return { viewer, offer: pc.localDescription!.sdp };
  }

  accept(answer: string): Promise<void> {
    return this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
  }

  close(): Promise<void> {
    return this.pc.close();
  }
}
