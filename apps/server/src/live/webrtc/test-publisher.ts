import { sendTestPatternRtp, type TestPublisher as RtpSender } from '@app/media';
import { MediaStreamTrack, RTCPeerConnection } from 'werift';
import { bindLoopbackUdp } from './rtp-feed.ts';
import { LOCAL } from './test-viewer.ts';
import { gathered, peerConfig } from './whep-viewer.ts';

/**
 * A broadcaster's browser, played by werift: a peer with sendonly H.264 and Opus that makes a
 * complete (trickle-free) offer and, once answered, sends a real test pattern and tone that ffmpeg
 * encodes to RTP on loopback.
 */
export class TestPublisher {
  readonly pc = new RTCPeerConnection(peerConfig(LOCAL));
  private readonly video = new MediaStreamTrack({ kind: 'video' });
  private readonly audio = new MediaStreamTrack({ kind: 'audio' });
  private sender: RtpSender | undefined;
  private readonly closers: (() => void)[] = [];

  /** `sound: false` offers the picture alone */
  static async offer(sound = true): Promise<{ publisher: TestPublisher; offer: string }> {
    const publisher = new TestPublisher();
    const { pc } = publisher;
    pc.addTransceiver(publisher.video, { direction: 'sendonly' });
    if (sound) pc.addTransceiver(publisher.audio, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return { publisher, offer: pc.localDescription!.sdp };
  }

  /** takes the server's answer and sends `seconds` of test pattern */
  async accept(answer: string, seconds: number): Promise<void> {
    await this.pc.setRemoteDescription({ type: 'answer', sdp: answer });
    const video = await bindLoopbackUdp();
    const audio = await bindLoopbackUdp();
    video.on('message', (data) => this.video.writeRtp(data));
    audio.on('message', (data) => this.audio.writeRtp(data));
    this.closers.push(
      () => video.close(),
      () => audio.close(),
    );
    this.sender = await sendTestPatternRtp(
      { videoPort: video.address().port, audioPort: audio.address().port },
      { seconds },
    );
  }

  async close(): Promise<void> {
    this.sender?.stop();
    for (const close of this.closers.splice(0)) close();
    await this.pc.close();
  }
}
