import { StreamLimits } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors.ts';
import { closeAndCut, onFrame, registerWebSockets } from '../http/websockets.ts';
import { NotificationSockets } from '../modules/notifications/notification-sockets.ts';
import { userForToken } from '../modules/sessions/sessions.service.ts';
import { findStreamRow } from '../modules/streams/streams.service.ts';
import { ChatHub } from './chat-hub.ts';
import { IngestManager } from './ingest-manager.ts';
import type { IngestSession } from './ingest-session.ts';
import { STREAM_ID, registerLiveMedia } from './live-media.ts';
import { RtmpServer } from './rtmp/rtmp-server.ts';
import { RtpRelay } from './webrtc/rtp-relay.ts';
import { WhepHub } from './webrtc/whep-hub.ts';
import { whepRoutes } from './webrtc/whep.routes.ts';
import { WhipHub } from './webrtc/whip-hub.ts';
import { whipRoutes } from './webrtc/whip.routes.ts';

/** MediaRecorder chunks of a few hundred milliseconds stay far below this */
const INGEST_CHUNK_MAX = 8 * 1024 * 1024;
/** a chunk every half second is 20 per budget window: this leaves room for a client catching up */
const INGEST_FRAMES = 200;

/**
 * Live streaming in this process: chat sockets (`/ws/stream/{id}`), browser ingest (WHIP, and
 * `/ws/ingest/{id}` as the camera's fallback), the RTMP listener, live playlists and segments
 * (`/media/live/{id}/…`, relayed from the process that receives the video), WebRTC playback (WHEP:
 * of the streams it receives, and with Redis of the others' too, their RTP relayed from the process
 * that receives them), and the
 * sweeper that ends streams whose ingest never came back. The notification sockets (`/ws/notifications`)
 * share its socket endpoint.
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const log = ctx.logger.child({ component: 'live' });
  const chat = new ChatHub(ctx, log);
  const ingest = new IngestManager(ctx, log);
  const notifications = await NotificationSockets.open(ctx, log);
  ctx.live.setRecordingHolder(ingest);
  const localFeed = (streamId: string) => ingest.rtpFeed(streamId);
  // scaled out: a WHEP viewer may land on any process, and the stream's RTP is relayed to it over Redis
  const relay =
    ctx.redis && ctx.config.webrtc.enabled
      ? new RtpRelay(ctx.redis, ctx.config.redisPrefix, ctx.secrets.appSecret, log, localFeed, ctx.meters)
      : undefined;
  const whep = new WhepHub(
    ctx,
    log,
    localFeed,
    relay &&
      (async (streamId) => {
        const host = await ctx.live.bus.mediaHost(streamId);
        return host && host !== ctx.live.internalUrl() ? relay.remote(streamId) : undefined;
      }),
  );
  const whip = new WhipHub(ctx, log, ingest);
  const rtmp = ctx.config.rtmp.enabled
    ? new RtmpServer(
        (key, session) => ingest.publishWithKey(key, () => session.close('stream stopped')),
        log,
        ctx.config.rtmp,
      )
    : undefined;

  const userOf = async (query: URLSearchParams) => {
    const token = query.get('token');
    return token ? userForToken(ctx.db, token) : undefined;
  };

  registerWebSockets(app, [
    {
      name: 'chat',
      pattern: new RegExp(`^/ws/stream/(${STREAM_ID})$`),
      maxPayload: StreamLimits.chatFrameMaxBytes,
      budget: { frames: ctx.config.ws.chatFrames, bytes: ctx.config.ws.chatBytes },
      open: async (match, query) => {
        const user = await userOf(query);
        return (ws, peer) => chat.connect(ws, match[1]!, user, peer);
      },
    },
    {
      name: 'ingest',
      pattern: new RegExp(`^/ws/ingest/(${STREAM_ID})$`),
      maxPayload: INGEST_CHUNK_MAX,
      budget: { frames: INGEST_FRAMES, bytes: ctx.config.ws.ingestBytes },
      // checked before the handshake, so nobody but the owner ever gets to send a byte of video
      open: async (match, query) => {
        const streamId = match[1]!;
        const user = await userOf(query);
        if (!user) return unauthorized('Please sign in first', { code: 'sign_in_required' });
        const stream = await findStreamRow(ctx.db, streamId);
        if (!stream) return notFound('Stream not found', { code: 'stream_not_found' });
        if (stream.creator_id !== user.id)
          return forbidden('Only the creator of this stream can send video to it', { code: 'not_stream_creator' });
        if (stream.status === 'ended') return conflict('This stream has ended', { code: 'stream_ended' });
        return (ws) => browserIngest(ws, streamId);
      },
    },
    notifications.route,
  ]);

  async function browserIngest(ws: WebSocket, streamId: string): Promise<void> {
    let session: IngestSession | null = null;
    let waiting = false;
    // a camera that goes silent (or an ffmpeg that stops taking input) must not hold the stream live;
    // silence counts from `ready`, so a slow ffmpeg start on a busy machine is never taken for it
    const idle = setTimeout(
      () => (session ? closeAndCut(ws, 4408, 'No video arrived for a while') : idle.refresh()),
      ctx.config.ws.ingestIdleMs,
    );
    ws.on('close', () => clearTimeout(idle));
    onFrame(ws, (data, isBinary) => {
      // the client was told to wait for `ready`: before it there is nowhere for video to go
      if (!session) return closeAndCut(ws, 1008, 'Send video only after the ready message');
      if (!isBinary) return;
      idle.refresh();
      if (session.write(data as Buffer) || waiting) return;
      // ffmpeg is behind: read nothing more until it has caught up, so what waits stays in the
      // sender's buffers rather than ours
      waiting = true;
      ws.pause();
      session.onDrain(() => {
        waiting = false;
        ws.resume();
      });
    });
    session = await ingest.openBrowserIngest(streamId, () => ws.close(1000, 'Stream stopped'));
    if (!session) return ws.close(4409, 'This stream is already receiving video');
    const open = session;
    if (ws.readyState !== WebSocket.OPEN) return void open.close(); // the camera left while ffmpeg started
    ws.on('close', () => void open.close());
    idle.refresh();
    ws.send(JSON.stringify({ type: 'ready' }));
  }

  registerLiveMedia(app, log);
  await app.register(whepRoutes(whep));
  await app.register(whipRoutes(whip));

  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') ctx.live.setHttpPort(address.port);
  });
  app.addHook('onReady', async () => {
    if (rtmp) {
      const port = await rtmp.listen(ctx.config.rtmp.port, ctx.config.rtmp.host);
      ctx.live.setRtmpPort(port);
      log.info(`RTMP ingest listening on ${ctx.config.rtmp.host}:${port} (${ctx.live.rtmpUrl()})`);
    }
    await ingest.start(ctx.config.liveGraceMs);
  });
  app.addHook('onClose', async () => {
    await rtmp?.close();
    await chat.close();
    await notifications.close();
    await whep.close();
    await whip.close();
    await ingest.close();
    await relay?.close();
  });
}
