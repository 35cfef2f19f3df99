import { randomUUID } from 'node:crypto';
import type { Config } from '../config.ts';
import { serviceUnavailable } from '../http/errors.ts';
import type { LiveBus } from './live-bus.ts';

/** The recording of a live stream so far, stored in the media store by its CID. */
export interface RecordingSnapshot {
  cid: string;
  durationMs: number;
}

/** The node that receives a stream's video and so holds its recording parts. */
export interface RecordingHolder {
  holds(streamId: string): boolean;
  /** null when nothing is recorded yet */
  snapshot(streamId: string): Promise<RecordingSnapshot | null>;
}

/** How long a request waits for the ingest node of another process to answer. */
export const SNAPSHOT_TIMEOUT_MS = 20_000;
export const SNAPSHOT_UNAVAILABLE =
  'The recording of this stream cannot be reached right now. Please try again in a moment.';

/** Live state every module may use: the event bus, the address publishers send to, recording snapshots. */
export class LiveContext {
  private boundPort: number;
  private httpPort: number;
  private holder: RecordingHolder | undefined;

  constructor(
    private readonly config: Config,
    readonly bus: LiveBus,
  ) {
    this.boundPort = config.rtmp.port;
    this.httpPort = config.port;
  }

  /** called once the HTTP server is bound (its port is only known then when 0 was asked) */
  setHttpPort(port: number): void {
    this.httpPort = port;
  }

  /** where the other server processes reach this one: INTERNAL_URL, else this machine's loopback */
  internalUrl(): string {
    return this.config.internalUrl ?? `http://127.0.0.1:${this.httpPort}`;
  }

  /** called once the RTMP listener is bound (its port is only known then when 0 was asked) */
  setRtmpPort(port: number): void {
    this.boundPort = port;
  }

  /** `rtmp://host:port/live`: RTMP_PUBLIC_URL when set, else the public host with the listener's port */
  rtmpUrl(): string {
    return this.config.rtmp.publicUrl ?? `rtmp://${this.config.publicUrl.hostname}:${this.boundPort}/live`;
  }

  /** called by this process's ingest side */
  setRecordingHolder(holder: RecordingHolder): void {
    this.holder = holder;
  }

  /**
   * The recording so far of a stream on air, from whichever process holds it: this one directly,
   * another one over the bus (request and reply). Null when nothing is recorded yet; 503 when no
   * process answers in time.
   */
  async takeSnapshot(streamId: string, timeoutMs = SNAPSHOT_TIMEOUT_MS): Promise<RecordingSnapshot | null> {
    if (this.holder?.holds(streamId)) return this.holder.snapshot(streamId);
    const requestId = randomUUID();
    let settle: (reply: RecordingSnapshot | null | Error) => void = () => undefined;
    const replied = new Promise<RecordingSnapshot | null | Error>((resolve) => (settle = resolve));
    const unsubscribe = await this.bus.subscribe(streamId, (event) => {
      if (event.type !== 'snapshot_reply' || event.request_id !== requestId) return;
      if (event.failed) settle(serviceUnavailable(SNAPSHOT_UNAVAILABLE, undefined, { code: 'recording_unavailable' }));
      else settle(event.cid ? { cid: event.cid, durationMs: event.duration_ms } : null);
    });
    const timer = setTimeout(
      () => settle(serviceUnavailable(SNAPSHOT_UNAVAILABLE, undefined, { code: 'recording_unavailable' })),
      timeoutMs,
    );
    try {
      await this.bus.publish(streamId, { type: 'snapshot_request', request_id: requestId });
      const reply = await replied;
      if (reply instanceof Error) throw reply;
      return reply;
    } finally {
      clearTimeout(timer);
      await unsubscribe();
    }
  }

  /** The holder's side of a request that came over the bus. */
  async answerSnapshot(streamId: string, requestId: string): Promise<void> {
    if (!this.holder?.holds(streamId)) return;
    const reply = await this.holder.snapshot(streamId).then(
      (snap) => ({ cid: snap?.cid ?? null, duration_ms: snap?.durationMs ?? 0, failed: false }),
      () => ({ cid: null, duration_ms: 0, failed: true }),
    );
    await this.bus.publish(streamId, { type: 'snapshot_reply', request_id: requestId, ...reply });
  }
}
