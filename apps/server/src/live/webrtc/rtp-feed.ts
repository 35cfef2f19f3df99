import dgram from 'node:dgram';
import { LIVE_RTP, type LiveRtpOutput } from '@app/media';
import { RtpPacket } from 'werift';

export type RtpKind = 'video' | 'audio';
export type RtpListener = (kind: RtpKind, packet: RtpPacket) => void;

const RTP_HEADER_BYTES = 12;

/** A UDP socket on 127.0.0.1 (`port` 0: any free one); rejects when the port is taken. */
export function bindLoopbackUdp(port = 0): Promise<dgram.Socket> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', (err) => {
      socket.close();
      reject(err);
    });
    socket.bind(port, '127.0.0.1', () => {
      socket.removeAllListeners('error');
      socket.on('error', () => undefined); // a late ICMP error on a local socket changes nothing
      resolve(socket);
    });
  });
}

/**
 * The RTP a stream's ffmpeg sends for WebRTC: two UDP sockets on 127.0.0.1 (picture and sound) whose
 * packets are parsed once and handed to every viewer. Only packets from loopback with the payload
 * type and SSRC the transcode was told to use are taken, so nothing else on the machine can slip
 * media into a stream.
 */
export class RtpFeed {
  private readonly listeners = new Map<RtpListener, () => void>();
  private readonly sockets: Record<RtpKind, dgram.Socket>;
  private closed = false;

  private constructor(video: dgram.Socket, audio: dgram.Socket) {
    this.sockets = { video, audio };
    this.receive('video', LIVE_RTP.videoPayloadType, LIVE_RTP.videoSsrc);
    this.receive('audio', LIVE_RTP.audioPayloadType, LIVE_RTP.audioSsrc);
  }

  static async open(): Promise<RtpFeed> {
    return new RtpFeed(await bindLoopbackUdp(), await bindLoopbackUdp());
  }

  /** what the transcode is told: where to send */
  get output(): LiveRtpOutput {
    return { videoPort: this.sockets.video.address().port, audioPort: this.sockets.audio.address().port };
  }

  private receive(kind: RtpKind, payloadType: number, ssrc: number): void {
    this.sockets[kind].on('message', (data, from) => {
      if (from.address !== '127.0.0.1' || data.length <= RTP_HEADER_BYTES) return;
      if ((data[1]! & 0x7f) !== payloadType || data.readUInt32BE(8) !== ssrc) return;
      let packet: RtpPacket;
      try {
        packet = RtpPacket.deSerialize(data);
      } catch {
        return;
      }
      for (const listener of this.listeners.keys()) listener(kind, packet);
    });
  }

  /** calls `listener` with each packet, and `ended` once the feed closes, until the returned function is called */
  subscribe(listener: RtpListener, ended: () => void): () => void {
    if (this.closed) {
      ended();
      return () => undefined;
    }
    this.listeners.set(listener, ended);
    return () => void this.listeners.delete(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    const ended = [...this.listeners.values()];
    this.listeners.clear();
    for (const end of ended) end();
    for (const socket of Object.values(this.sockets)) socket.close();
  }
}
