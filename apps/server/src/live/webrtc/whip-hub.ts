import type dgram from 'node:dgram';
import { liveRtpInputSdp, type LiveRtpInput } from '@app/media';
import type { Logger } from 'pino';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable, unauthorized } from '../../http/errors.ts';
import { userForToken } from '../../modules/sessions/sessions.service.ts';
import { findStreamRow, streamForKey } from '../../modules/streams/streams.service.ts';
import type { IngestManager } from '../ingest-manager.ts';
import { bindLoopbackUdp } from './rtp-feed.ts';
import { countMediaSections } from './whep-hub.ts';
import { OfferRefused } from './whep-viewer.ts';
import { NoH264Offered, WhipPublisher } from './whip-publisher.ts';

/** a publisher's offer has one video and one audio section */
const MAX_MEDIA_SECTIONS = 2;
const PORT_TRIES = 20;

/**
 * WHIP publishers of the streams this process receives. Only the stream's owner publishes: with
 * their session token (the Go Live page) or the stream key (OBS), both as the bearer token. A
 * stream takes one publisher at a time, whatever it comes over (RTMP, WHIP, the camera socket).
 */
export class WhipHub {
  private readonly publishers = new Map<string, WhipPublisher>();
  /** streams whose publisher is being set up (the answer and ffmpeg's start take a while) */
  private readonly starting = new Set<string>();

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Logger,
    private readonly ingest: IngestManager,
  ) {}

  /** Answers a publisher's SDP offer: the session's id and the SDP answer. */
  async publish(streamId: string, token: string | undefined, offer: string): Promise<{ id: string; answer: string }> {
    await this.authorize(streamId, token);
    if (!this.ctx.config.webrtc.enabled)
      throw serviceUnavailable('WebRTC is off on this server: publish over RTMP', undefined, {
        code: 'webrtc_unavailable',
      });
    if (countMediaSections(offer) > MAX_MEDIA_SECTIONS)
      throw badRequest('A WHIP offer has one video and at most one audio section', { code: 'webrtc_offer_invalid' });
    if (this.starting.has(streamId) || this.ingest.isReceiving(streamId)) throw alreadyReceiving();
    this.starting.add(streamId);
    try {
      const { publisher, answer } = await WhipPublisher.answer(this.ctx, streamId, offer).catch((err: unknown) => {
        if (err instanceof NoH264Offered)
          throw badRequest('Send constrained-baseline H.264 video: this server does not take VP8 or VP9', {
            code: 'whip_h264_required',
          });
        if (!(err instanceof OfferRefused)) throw err;
        this.log.debug({ err, stream: streamId }, 'WHIP offer refused');
        throw badRequest('This is not an SDP offer for video this server can receive', {
          code: 'webrtc_offer_invalid',
        });
      });
      const ports = await loopbackPorts(publisher.sendsAudio);
      const session = await this.ingest.openWhipIngest(streamId, liveRtpInputSdp(ports), () => void publisher.close());
      if (!session) {
        await publisher.close();
        if (this.ingest.isReceiving(streamId)) throw alreadyReceiving();
        throw serviceUnavailable('The live transcode could not start. Please try again in a moment.');
      }
      publisher.onClosed = () => {
        this.publishers.delete(publisher.id);
        void session.close();
      };
      this.publishers.set(publisher.id, publisher);
      await publisher.start(ports, () => session.onAir);
      return { id: publisher.id, answer };
    } finally {
      this.starting.delete(streamId);
    }
  }

  /** Ends a publish (its DELETE, with the same credentials as its POST). */
  async stop(streamId: string, sessionId: string, token: string | undefined): Promise<void> {
    await this.authorize(streamId, token);
    const publisher = this.publishers.get(sessionId);
    if (!publisher || publisher.streamId !== streamId) throw notFound('No such WHIP session', { code: 'not_found' });
    await publisher.close();
  }

  /** The stream, when `token` is its owner's session or its key; stable 401/403/404/409 otherwise. */
  private async authorize(streamId: string, token: string | undefined): Promise<void> {
    if (!token)
      throw unauthorized('Please sign in first, or send the stream key as the bearer token', {
        code: 'sign_in_required',
      });
    const row = await findStreamRow(this.ctx.db, streamId);
    if (!row) throw notFound('Stream not found', { code: 'stream_not_found' });
    const user = await userForToken(this.ctx.db, token);
    if (user && user.id !== row.creator_id)
      throw forbidden('Only the creator of this stream can send video to it', { code: 'not_stream_creator' });
    if (!user && (await streamForKey(this.ctx, token))?.id !== row.id)
      throw unauthorized('This is not the key of this stream', { code: 'stream_key_invalid' });
    if (row.status === 'ended') throw conflict('This stream has ended', { code: 'stream_ended' });
  }

  async close(): Promise<void> {
    await Promise.all([...this.publishers.values()].map((p) => p.close()));
  }
}

const alreadyReceiving = () =>
  conflict('This stream is already receiving video from another publisher', { code: 'stream_already_receiving' });

/**
 * Free pairs of loopback UDP ports for ffmpeg's RTP input (picture, and sound when it is sent) (each port and the one above it, for
 * RTCP). They are held while both are found, so the pairs never overlap, and let go just before
 * ffmpeg binds them.
 */
async function loopbackPorts(audio: boolean): Promise<LiveRtpInput> {
  const held: dgram.Socket[] = [];
  try {
    const pair = async (): Promise<number> => {
      for (let i = 0; i < PORT_TRIES; i++) {
        const first = await bindLoopbackUdp();
        held.push(first);
        const port = first.address().port;
        const second = port < 65535 ? await bindLoopbackUdp(port + 1).catch(() => null) : null;
        if (second) {
          held.push(second);
          return port;
        }
      }
      throw new Error('no free pair of UDP ports on loopback');
    };
    return { videoPort: await pair(), audioPort: audio ? await pair() : undefined };
  } finally {
    for (const socket of held) socket.close();
  }
}
