import type { ChatServerFrame } from '@app/shared';
import type { Logger } from 'pino';
import { WebSocket } from 'ws';
import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { BUDGET_WINDOW_MS, onFrame, sendOrDrop } from '../http/websockets.ts';
import { WindowCount } from '../http/socket-limits.ts';
import { ChatRefusal, postMessage, recentMessages } from '../modules/streams/chat.service.ts';
import { findStreamRow, recordViewers } from '../modules/streams/streams.service.ts';
import { isInternalEvent, type LiveEvent } from './live-bus.ts';
import { NUL_TEXT_REFUSED, hasNulText } from '../lib/nul-text.ts';

const COUNT_THROTTLE_MS = 1_000;
const PING_MS = 30_000;
/** refusals (error frames) a socket is told per budget window; past them it hears nothing back */
const REFUSALS_SHOWN = 5;
/**
 * Anonymous sockets of one address counted as viewers: a household or a few people behind one NAT
 * count, a script opening hundreds of sockets does not.
 */
const ANONYMOUS_VIEWERS_PER_ADDRESS = 3;

interface Room {
  clients: Set<WebSocket>;
  /** who is watching from this process, by viewer key (see viewerKey), with how many sockets each */
  viewers: Map<string, number>;
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

  async connect(ws: WebSocket, streamId: string, user: UsersTable | undefined, peer: string): Promise<void> {
    const stream = await findStreamRow(this.ctx.db, streamId);
    if (!stream) {
      this.send(ws, { type: 'error', code: 'stream_not_found', message: 'Stream not found' });
      return ws.close(4404, 'Stream not found');
    }
    if (ws.readyState !== WebSocket.OPEN) return; // gone while we looked: never joined, never counted
    this.alive.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    const room = this.join(streamId, ws);
    // The streamer's own chat (the Go Live page) is not a viewer.
    const viewer = user?.id === stream.creator_id ? undefined : this.viewerKey(room, user, peer);
    // counted at once (before any wait), so a socket that closes meanwhile is taken away after it was added
    const counted = viewer ? this.addViewer(streamId, room, viewer) : undefined;
    ws.on('close', () => this.leave(streamId, ws, viewer));
    const refusals = new WindowCount(BUDGET_WINDOW_MS);
    const refuse = (frame: ChatServerFrame) => {
      if (refusals.add(1, REFUSALS_SHOWN)) this.send(ws, frame);
    };
    // one message at a time per socket, so a sender's messages keep their order
    let queue = Promise.resolve();
    onFrame(ws, (data, isBinary) => {
      const text = isBinary ? null : data.toString();
      queue = queue.then(() => this.receive(streamId, user, text, refuse));
    });
    await room.unsubscribe; // subscribed before the welcome, so nothing said meanwhile is missed
    const viewers = await (counted ?? this.ctx.live.bus.viewers(streamId));
    this.send(ws, {
      type: 'welcome',
      message: `Welcome to the live chat of "${stream.title}"!`,
      stream_id: streamId,
      authenticated: user !== undefined,
      username: user?.username ?? null,
      history: await recentMessages(this.ctx, streamId),
      viewers_count: viewers,
    });
    if (viewer) this.scheduleCount(streamId);
  }

  /**
   * One key per distinct viewer: a signed-in user is one viewer however many tabs they open; the
   * anonymous sockets of an address share a few keys, each new one taking the least used.
   */
  private viewerKey(room: Room, user: UsersTable | undefined, peer: string): string {
    if (user) return `user:${user.id}`;
    const slots = Array.from({ length: ANONYMOUS_VIEWERS_PER_ADDRESS }, (_, i) => `anon:${peer}#${i}`);
    return slots.reduce((best, key) => ((room.viewers.get(key) ?? 0) < (room.viewers.get(best) ?? 0) ? key : best));
  }

  /** resolves to the stream's viewers over every process; the bus hears only of viewers new to this process */
  private addViewer(streamId: string, room: Room, key: string): Promise<number> {
    const sockets = room.viewers.get(key) ?? 0;
    room.viewers.set(key, sockets + 1);
    return sockets === 0 ? this.ctx.live.bus.addViewers(streamId, 1) : this.ctx.live.bus.viewers(streamId);
  }

  private join(streamId: string, ws: WebSocket): Room {
    let room = this.rooms.get(streamId);
    if (!room) {
      room = {
        clients: new Set(),
        viewers: new Map(),
        unsubscribe: this.ctx.live.bus.subscribe(streamId, (event) => this.broadcast(streamId, event)),
        countTimer: undefined,
      };
      this.rooms.set(streamId, room);
    }
    room.clients.add(ws);
    return room;
  }

  private leave(streamId: string, ws: WebSocket, viewer: string | undefined): void {
    const room = this.rooms.get(streamId);
    if (!room?.clients.delete(ws)) return;
    if (viewer) {
      const sockets = (room.viewers.get(viewer) ?? 1) - 1;
      if (sockets > 0) room.viewers.set(viewer, sockets);
      else {
        room.viewers.delete(viewer);
        void this.ctx.live.bus.addViewers(streamId, -1).then(() => this.scheduleCount(streamId));
      }
    }
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
    for (const ws of room.clients) sendOrDrop(ws, text, this.ctx.config.ws.maxBufferedBytes);
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

  private async receive(
    streamId: string,
    user: UsersTable | undefined,
    text: string | null,
    refuse: (frame: ChatServerFrame) => void,
  ): Promise<void> {
    try {
      if (!user) throw new ChatRefusal('sign_in_required', 'Please sign in to chat');
      let frame: unknown;
      try {
        frame = text === null ? null : JSON.parse(text);
      } catch {
        frame = null;
      }
      if (typeof frame !== 'object' || frame === null || (frame as { type?: unknown }).type !== 'chat') {
        throw new ChatRefusal('invalid_value', 'Send {"type":"chat","message":…}');
      }
      if (hasNulText(frame)) throw new ChatRefusal('nul_character', NUL_TEXT_REFUSED);
      if (!(await this.ctx.live.bus.takeChatTurn(streamId, user.id))) {
        throw new ChatRefusal('chat_too_fast', 'You are sending messages too quickly. Please wait a few seconds.');
      }
      const message = await postMessage(this.ctx, streamId, user, frame);
      await this.ctx.live.bus.publish(streamId, { type: 'chat_message', ...message });
      if (message.tip_amount) {
        await this.ctx.live.bus.publish(streamId, {
          type: 'tip_notification',
          tipper: message.username,
          amount: message.tip_amount,
          message: message.message,
        });
      }
    } catch (err) {
      if (err instanceof ChatRefusal) return refuse(err.toFrame());
      this.log.error({ err, stream: streamId }, 'chat message failed');
      refuse({ type: 'error', code: 'internal', message: 'Failed to send message' });
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

  private send(ws: WebSocket, frame: ChatServerFrame): void {
    sendOrDrop(ws, JSON.stringify(frame), this.ctx.config.ws.maxBufferedBytes);
  }

  async close(): Promise<void> {
    clearInterval(this.pinger);
    for (const [streamId, room] of this.rooms) {
      clearTimeout(room.countTimer);
      for (const ws of room.clients) ws.close(1001, 'Server stopping');
      await this.ctx.live.bus.addViewers(streamId, -room.viewers.size).catch(() => 0);
      await (
        await room.unsubscribe
      )();
    }
    this.rooms.clear();
    await Promise.all(this.countWrites.values());
  }
}
