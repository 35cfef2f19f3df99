import dgram from 'node:dgram';
import { LIVE_RTP, type LiveRtpOutput } from '@app/media';
import { RtpPacket } from 'werift';

export type RtpKind = 'video' | 'audio';
/** `raw` is the packet as it arrived, for whoever passes it on unchanged (the relay to other processes) */
export type RtpListener = (kind: RtpKind, packet: RtpPacket, raw: Buffer) => void;

/** Where a stream's RTP comes from: this process's transcode (RtpFeed), or another process's over the relay. */
export interface RtpSource {
  /** calls `listener` with each packet, and `ended` once the source closes, until the returned function is called */
  subscribe(listener: RtpListener, ended: () => void): () => void;
}

const RTP_HEADER_BYTES = 12;
/**
 * The kernel's buffer for each socket's unread packets (Linux caps it at net.core.rmem_max). The
 * default, about 200 KB, is half a second of 3 Mb/s video: a process busy sending to its viewers
 * while the machine is loaded lost packets for every viewer at once (`npm run bench -- webrtc-capacity`).
 */
const RECEIVE_BUFFER_BYTES = 4 * 1024 * 1024;

const EXPECTED: Record<RtpKind, { payloadType: number; ssrc: number }> = {
  video: { payloadType: LIVE_RTP.videoPayloadType, ssrc: LIVE_RTP.videoSsrc },
  audio: { payloadType: LIVE_RTP.audioPayloadType, ssrc: LIVE_RTP.audioSsrc },
};

/** The packet in `data` when it is RTP of the kind with the payload type and SSRC the transcode was told to use. */
export function readRtp(kind: RtpKind, data: Buffer): RtpPacket | undefined {
  const { payloadType, ssrc } = EXPECTED[kind];
  if (data.length <= RTP_HEADER_BYTES || (data[1]! & 0x7f) !== payloadType || data.readUInt32BE(8) !== ssrc) return;
  try {
    return RtpPacket.deSerialize(data);
  } catch {
    return undefined;
  }
}

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
export class RtpFeed implements RtpSource {
  private readonly listeners = new Map<RtpListener, () => void>();
  private readonly sockets: Record<RtpKind, dgram.Socket>;
  private closed = false;

  private constructor(video: dgram.Socket, audio: dgram.Socket) {
    this.sockets = { video, audio };
    this.receive('video');
    this.receive('audio');
  }

  static async open(): Promise<RtpFeed> {
    const bind = async () => {
      const socket = await bindLoopbackUdp();
      socket.setRecvBufferSize(RECEIVE_BUFFER_BYTES);
      return socket;
    };
    return new RtpFeed(await bind(), await bind());
  }

  /** what the transcode is told: where to send */
  get output(): LiveRtpOutput {
    return { videoPort: this.sockets.video.address().port, audioPort: this.sockets.audio.address().port };
  }

  private receive(kind: RtpKind): void {
    this.sockets[kind].on('message', (data, from) => {
      if (from.address !== '127.0.0.1') return;
      const packet = readRtp(kind, data);
      if (packet) for (const listener of this.listeners.keys()) listener(kind, packet, data);
    });
  }

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
