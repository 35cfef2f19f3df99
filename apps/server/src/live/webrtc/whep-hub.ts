import type { Logger } from 'pino';
import { Gauge } from 'prom-client';
import type { AppContext } from '../../context.ts';
import { badRequest, conflict, notFound, serviceUnavailable, tooManyRequests } from '../../http/errors.ts';
import { findStreamRow } from '../../modules/streams/streams.service.ts';
import type { RtpSource } from './rtp-feed.ts';
import { OfferRefused, WhepViewer } from './whep-viewer.ts';

/** a WHEP offer is a few kilobytes; the route refuses bodies over this */
export const WHEP_OFFER_MAX_BYTES = 16 * 1024;
/** a browser's playback offer has one video and one audio section */
const MAX_MEDIA_SECTIONS = 2;
const FULL_RETRY_SECONDS = 30;

/**
 * The WebRTC viewers (WHEP sessions) of live streams on this process: of the streams it receives, and
 * with Redis of those another process receives, relayed from there (rtp-relay.ts). A stream is as
 * public over WebRTC as its HLS: anyone may watch a stream that is on air. Viewers are capped per
 * stream, per process and per address; a place is taken before the (slow) answer is made, so
 * parallel offers cannot pass a cap together.
 */
export class WhepHub {
  private readonly viewers = new Map<string, WhepViewer>();
  private readonly perStream = new Map<string, number>();
  private readonly perAddress = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Logger,
    private readonly feedOf: (streamId: string) => RtpSource | undefined,
    /** with REDIS_URL: the stream's RTP relayed from the process that receives it, when another one does */
    private readonly relayedFeedOf?: (streamId: string) => Promise<RtpSource | undefined>,
  ) {
    const viewers = () => this.count();
    if (ctx.meters)
      new Gauge({
        name: 'tarang_webrtc_viewers',
        help: 'WebRTC (WHEP) viewers connected to this process, over all its streams',
        registers: [ctx.meters],
        collect() {
          this.set(viewers());
        },
      });
  }

  /** Answers a viewer's SDP offer for a stream: the session's id and the SDP answer. */
  async play(streamId: string, offer: string, address: string): Promise<{ sessionId: string; answer: string }> {
    const { config } = this.ctx;
    const row = await findStreamRow(this.ctx.db, streamId);
    if (!row) throw notFound('Stream not found', { code: 'stream_not_found' });
    if (row.status === 'ended') throw conflict('This stream has ended', { code: 'stream_ended' });
    const local = this.feedOf(streamId);
    if (!local && row.status !== 'live')
      throw conflict('This stream is not receiving video right now', { code: 'stream_not_live' });
    const feed = local ?? (config.webrtc.enabled ? await this.relayedFeedOf?.(streamId) : undefined);
    if (!feed || !config.webrtc.enabled)
      throw serviceUnavailable('WebRTC playback of this stream is not available here: play it over HLS', undefined, {
        code: 'webrtc_unavailable',
      });
    if (countMediaSections(offer) > MAX_MEDIA_SECTIONS)
      throw badRequest('A WHEP offer has one video and at most one audio section', { code: 'webrtc_offer_invalid' });

    const { maxViewers, maxViewersPerStream, maxSessionsPerIp } = config.webrtc;
    if ((this.perAddress.get(address) ?? 0) >= maxSessionsPerIp)
      throw tooManyRequests('This address already has as many WebRTC sessions as it may', undefined, {
        code: 'webrtc_too_many_sessions',
        params: { max: maxSessionsPerIp },
      });
    if (this.total >= maxViewers || (this.perStream.get(streamId) ?? 0) >= maxViewersPerStream)
      throw serviceUnavailable(
        'This stream has as many WebRTC viewers as it can take: play it over HLS',
        FULL_RETRY_SECONDS,
        {
          code: 'webrtc_full',
        },
      );

    this.take(streamId, address, 1);
    let answered: { viewer: WhepViewer; answer: string };
    try {
      answered = await WhepViewer.answer({ streamId, address, offer, feed, config: config.webrtc }, (gone) =>
        this.forget(gone),
      );
    } catch (err) {
      this.take(streamId, address, -1);
      if (!(err instanceof OfferRefused)) throw err;
      this.log.debug({ err, stream: streamId }, 'WHEP offer refused');
      throw badRequest('This is not an SDP offer for H.264 video this server can send', {
        code: 'webrtc_offer_invalid',
      });
    }
    const { viewer, answer } = answered;
    if (viewer.isClosed) {
      // the stream's video stopped while the answer was made
      this.take(streamId, address, -1);
      throw conflict('This stream is not receiving video right now', { code: 'stream_not_live' });
    }
    this.viewers.set(viewer.id, viewer);
    return { sessionId: viewer.id, answer };
  }

  /** Ends a session (the viewer's DELETE); false when the stream has no such session. */
  async stop(streamId: string, sessionId: string): Promise<boolean> {
    const viewer = this.viewers.get(sessionId);
    if (!viewer || viewer.streamId !== streamId) return false;
    await viewer.close();
    return true;
  }

  /** sessions open now, of one stream or of all */
  count(streamId?: string): number {
    return streamId === undefined ? this.viewers.size : (this.perStream.get(streamId) ?? 0);
  }

  private forget(viewer: WhepViewer): void {
    if (!this.viewers.delete(viewer.id)) return;
    this.take(viewer.streamId, viewer.address, -1);
  }

  private take(streamId: string, address: string, change: 1 | -1): void {
    this.total += change;
    bump(this.perStream, streamId, change);
    bump(this.perAddress, address, change);
  }

  async close(): Promise<void> {
    await Promise.all([...this.viewers.values()].map((v) => v.close()));
  }
}

function bump(counts: Map<string, number>, key: string, change: number): void {
  const next = (counts.get(key) ?? 0) + change;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

export const countMediaSections = (sdp: string): number => sdp.match(/^m=/gm)?.length ?? 0;
