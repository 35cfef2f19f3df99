import { StreamLimits } from '@app/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { registerWebSockets } from '../http/websockets.ts';
import { userForToken } from '../modules/sessions/sessions.service.ts';
import { ChatHub } from './chat-hub.ts';
import { IngestManager } from './ingest-manager.ts';
import { STREAM_ID, registerLiveMedia } from './live-media.ts';
import { RtmpServer } from './rtmp/rtmp-server.ts';

/** MediaRecorder chunks of a few hundred milliseconds stay far below this */
const INGEST_CHUNK_MAX = 8 * 1024 * 1024;

/**
 * Live streaming in this process: chat sockets (`/ws/stream/{id}`), browser ingest
 * (`/ws/ingest/{id}`), the RTMP listener, live playlists and segments (`/media/live/{id}/…`, relayed
 * from the process that receives the video), and the sweeper that ends streams whose ingest never
 * came back.
 */
export async function registerLive(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  const log = ctx.logger.child({ component: 'live' });
  const chat = new ChatHub(ctx, log);
  const ingest = new IngestManager(ctx, log);
  ctx.live.setRecordingHolder(ingest);
  const rtmp = ctx.config.rtmp.enabled ? new RtmpServer((key, session) => ingest.publishWithKey(key, () => session.close('stream stopped')), log, ctx.config.rtmp) : undefined;

  const userOf = async (query: URLSearchParams) => {
    const token = query.get('token');
    return token ? userForToken(ctx.db, token) : undefined;
  };

  registerWebSockets(app, [
    {
      pattern: new RegExp(`^/ws/stream/(${STREAM_ID})$`),
      maxPayload: StreamLimits.chatFrameMaxBytes,
      connect: async (ws, _req, match, query) => chat.connect(ws, match[1]!, await userOf(query)),
    },
    {
      pattern: new RegExp(`^/ws/ingest/(${STREAM_ID})$`),
      maxPayload: INGEST_CHUNK_MAX,
      connect: async (ws, _req, match, query) => browserIngest(ws, match[1]!, await userOf(query)),
    },
  ]);

  async function browserIngest(ws: WebSocket, streamId: string, user: Awaited<ReturnType<typeof userOf>>): Promise<void> {
    if (!user) return ws.close(4401, 'Please sign in first');
    const stream = await ctx.db.selectFrom('streams').select(['creator_id', 'status']).where('id', '=', streamId).executeTakeFirst();
    if (!stream) return ws.close(4404, 'Stream not found');
    if (stream.creator_id !== user.id) return ws.close(4403, 'Only the creator of this stream can send video to it');
    if (stream.status === 'ended') return ws.close(4409, 'This stream has ended');
    const session = await ingest.openBrowserIngest(streamId, () => ws.close(1000, 'Stream stopped'));
    if (!session) return ws.close(4409, 'This stream is already receiving video');
    ws.on('message', (data, isBinary) => {
      if (!isBinary) return;
      if (!session.write(data as Buffer)) {
        ws.pause();
        session.onDrain(() => ws.resume());
      }
    });
    ws.on('close', () => void session.close());
    ws.send(JSON.stringify({ type: 'ready' }));
  }

  registerLiveMedia(app, log);

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
    await ingest.close();
  });
}
