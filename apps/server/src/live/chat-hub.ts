import type { ChatServerFrame } from '@app/shared';
import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { ChatRefusal, postMessage, recentMessages } from '../modules/streams/chat.service.ts';
import { recordViewers } from '../modules/streams/streams.service.ts';
import { isInternalEvent, type LiveEvent } from './live-bus.ts';

const COUNT_THROTTLE_MS = 1_000;
const PING_MS = 30_000;
/** a client this far behind is dropped rather than buffered without end */
const MAX_BUFFERED = 1024 * 1024;

interface Room {
  clients: Set<WebSocket>;
  unsubscribe: Promise<() => Promise<void>>;
  countTimer: NodeJS.Timeout | undefined;
}

/**
 * This process's chat sockets, grouped by stream. Everything said in a room goes through the live
 * bus, so with Redis the sockets of every process hear it; each frame is serialized once per
 * process and written to every socket of the room.
 */
export class ChatHub {
  private readonly rooms = new Map<string, Room>();
  /** per stream, the count update being written: the next waits for it, so an old count never lands last */
  private readonly countWrites = new Map<string, Promise<void>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly pinger: NodeJS.Timeout;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Logger,
  ) {
    this.pinger = setInterval(() => this.ping(), PING_MS);
    this.pinger.unref();
  }

  async connect(ws: WebSocket, streamId: string, user: UsersTable | undefined): Promise<void> {
    const stream = await this.ctx.db.selectFrom('streams').select(['id', 'title', 'creator_id']).where('id', '=', streamId).executeTakeFirst();
    if (!stream) {
      send(ws, { type: 'error', code: 'not_found', message: 'Stream not found' });
      return ws.close(4404, 'Stream not found');
    }
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    const room = this.join(streamId, ws);
    // The streamer's own chat (the Go Live page) is not a viewer.
    const isViewer = user?.id !== stream.creator_id;
    ws.on('close', () => this.leave(streamId, ws, isViewer));
    // one message at a time per socket, so a sender's messages keep their order
    let queue = Promise.resolve();
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      queue = queue.then(() => this.receive(ws, streamId, user, text));
    });
    await room.unsubscribe; // subscribed before the welcome, so nothing said meanwhile is missed
    const viewers = isViewer ? await this.ctx.live.bus.addViewers(streamId, 1) : await this.ctx.live.bus.viewers(streamId);
    send(ws, {
      type: 'welcome',
      message: `Welcome to the live chat of "${stream.title}"!`,
      stream_id: streamId,
      authenticated: user !== undefined,
      username: user?.username ?? null,
      history: await recentMessages(this.ctx, streamId),
      viewers_count: viewers,
    });
    if (isViewer) this.scheduleCount(streamId);
  }

  private join(streamId: string, ws: WebSocket): Room {
    let room = this.rooms.get(streamId);
    if (!room) {
      room = {
        clients: new Set(),
        unsubscribe: this.ctx.live.bus.subscribe(streamId, (event) => this.broadcast(streamId, event)),
        countTimer: undefined,
      };
      this.rooms.set(streamId, room);
    }
    room.clients.add(ws);
    return room;
  }

  private leave(streamId: string, ws: WebSocket, isViewer: boolean): void {
    const room = this.rooms.get(streamId);
    if (!room?.clients.delete(ws)) return;
    if (isViewer) void this.ctx.live.bus.addViewers(streamId, -1).then(() => this.scheduleCount(streamId));
    if (room.clients.size === 0) {
      clearTimeout(room.countTimer);
      this.rooms.delete(streamId);
      void room.unsubscribe.then((off) => off());
    }
  }

  private broadcast(streamId: string, event: LiveEvent): void {
    if (isInternalEvent(event)) return;
    const room = this.rooms.get(streamId);
    if (!room) return;
    const text = JSON.stringify(event);
    for (const ws of room.clients) {
      if (ws.readyState !== WebSocket.OPEN) continue;
      if (ws.bufferedAmount > MAX_BUFFERED) ws.terminate();
      else ws.send(text);
    }
  }

  /** Join/leave bursts become one viewer_count_update per second per process. */
  private scheduleCount(streamId: string): void {
    const room = this.rooms.get(streamId);
    if (room?.countTimer) return;
    const timer = setTimeout(() => {
      const current = this.rooms.get(streamId);
      if (current) current.countTimer = undefined;
      const write = (this.countWrites.get(streamId) ?? Promise.resolve())
        .then(async () => {
          const viewers = await this.ctx.live.bus.viewers(streamId);
          await recordViewers(this.ctx, streamId, viewers);
          await this.ctx.live.bus.publish(streamId, { type: 'viewer_count_update', viewers_count: viewers });
        })
        .catch((err: unknown) => this.log.warn({ err }, 'viewer count update failed'))
        .finally(() => {
          if (this.countWrites.get(streamId) === write) this.countWrites.delete(streamId);
        });
      this.countWrites.set(streamId, write);
    }, COUNT_THROTTLE_MS);
    if (room) room.countTimer = timer;
  }

  private async receive(ws: WebSocket, streamId: string, user: UsersTable | undefined, text: string | null): Promise<void> {
    try {
      if (!user) throw new ChatRefusal('sign_in_required', 'Please sign in to chat');
      let frame: unknown;
      try {
        frame = text === null ? null : JSON.parse(text);
      } catch {
        frame = null;
      }
      if (typeof frame !== 'object' || frame === null || (frame as { type?: unknown }).type !== 'chat') {
        throw new ChatRefusal('invalid_message', 'Send {"type":"chat","message":…}');
      }
      if (!(await this.ctx.live.bus.takeChatTurn(streamId, user.id))) {
        throw new ChatRefusal('rate_limited', 'You are sending messages too quickly. Please wait a few seconds.');
      }
      const message = await postMessage(this.ctx, streamId, user, frame);
      await this.ctx.live.bus.publish(streamId, { type: 'chat_message', ...message });
      if (message.tip_amount) {
        await this.ctx.live.bus.publish(streamId, { type: 'tip_notification', tipper: message.username, amount: message.tip_amount, message: message.message });
      }
    } catch (err) {
      if (err instanceof ChatRefusal) return send(ws, { type: 'error', code: err.code, message: err.message });
      this.log.error({ err, stream: streamId }, 'chat message failed');
      send(ws, { type: 'error', code: 'internal', message: 'Failed to send message' });
    }
  }

  private ping(): void {
    for (const room of this.rooms.values()) {
      for (const ws of room.clients) {
        if (!this.alive.has(ws)) {
          ws.terminate();
          continue;
        }
        this.alive.delete(ws);
        ws.ping();
      }
    }
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const [streamId, room] of this.rooms) {
      clearTimeout(room.countTimer);
      for (const ws of room.clients) ws.close(1001, 'Server stopping');
      await this.ctx.live.bus.addViewers(streamId, -room.clients.size).catch(() => 0);
      await (await room.unsubscribe)();
    }
    this.rooms.clear();
    await Promise.all(this.countWrites.values());
  }
}

function send(ws: WebSocket, frame: ChatServerFrame): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(frame));
}
