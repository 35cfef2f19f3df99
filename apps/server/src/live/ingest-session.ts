import { countIngestBytes } from '../http/metrics.ts';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { LIVE_PLAYLIST, extractThumbnail, cidOfFile, liveHlsArgs, spawnMediaTool } from '@app/media';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { cidKey } from '../storage/blob-store.ts';
import * as streams from '../modules/streams/streams.service.ts';
import { FLV_HEADER, flvTag } from './flv.ts';
import type { MediaSink, MediaType } from './rtmp/rtmp-session.ts';
import { RtpFeed } from './webrtc/rtp-feed.ts';

export const LIVE_SEGMENT_SECONDS = 1;
const LIST_SIZE = 6;
const MAX_HEIGHT = 720;
const HEARTBEAT_MS = 5_000;
const POLL_MS = 500;

/** Where a stream's live files are kept: its playlist, segments and recording parts. */
export const liveDir = (ctx: AppContext, streamId: string): string => path.join(ctx.config.dataDir, 'live', streamId);

export const recordingParts = async (dir: string): Promise<string[]> =>
  (await fsp.readdir(dir).catch(() => [] as string[]))
    .filter((f) => /^recording-\d+\.ts$/.test(f))
    .sort((a, b) => partNumber(a) - partNumber(b));

const partNumber = (file: string): number => Number(/(\d+)/.exec(file)?.[1] ?? 0);

/**
 * What a session's ffmpeg reads on stdin: FLV tags (RTMP), MediaRecorder chunks (the camera over a
 * WebSocket), or the description of the RTP a WHIP publisher's peer relays to it on loopback.
 */
export type IngestFormat = 'flv' | 'webm' | { rtpInputSdp: string };

/**
 * One publishing session of a stream (RTMP, WHIP or the browser's WebSocket): an ffmpeg that turns what arrives into
 * the live HLS playlist plus a recording part. It reports the stream live, keeps its heartbeat, gives
 * it a thumbnail, and on the way out marks it interrupted (or leaves it ended if it was stopped).
 */
export class IngestSession {
  private ffmpeg: ChildProcessWithoutNullStreams | undefined;
  private exited: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastBeat = 0;
  private announced = false;
  private thumbnailDone = false;
  private closing: Promise<void> | undefined;
  private readonly dir: string;
  /** the WebRTC viewers' RTP, once ffmpeg runs (when WebRTC is on) */
  rtp: RtpFeed | undefined;
  /** set by the transport: cuts the publisher's connection */
  cut: () => void = () => undefined;

  constructor(
    private readonly ctx: AppContext,
    readonly streamId: string,
    private readonly format: IngestFormat,
    private readonly log: Logger,
    private readonly onClosed: () => void,
  ) {
    this.dir = liveDir(ctx, streamId);
  }

  async start(): Promise<void> {
    await fsp.mkdir(this.dir, { recursive: true });
    const parts = await recordingParts(this.dir);
    const next = parts.length === 0 ? 1 : partNumber(parts.at(-1)!) + 1;
    const limits = this.ctx.config.media;
    const feed = this.ctx.config.webrtc.enabled ? await RtpFeed.open() : undefined;
    const args = liveHlsArgs({
      rtp: feed?.output,
      inputFormat: typeof this.format === 'string' ? this.format : 'rtp',
      segmentSeconds: LIVE_SEGMENT_SECONDS,
      listSize: LIST_SIZE,
      recordingFile: `recording-${next}.ts`,
      maxHeight: MAX_HEIGHT,
      limits,
    });
    // No wall time (a broadcast lasts as long as it lasts), but the memory cap holds.
    const ffmpeg = await spawnMediaTool('ffmpeg', args, { cwd: this.dir, memoryLimitMb: limits.memoryLimitMb }).catch(
      (err: unknown) => {
        feed?.close();
        throw err;
      },
    );
    this.ffmpeg = ffmpeg;
    this.rtp = feed;
    let stderr = '';
    ffmpeg.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    ffmpeg.stdin.on('error', () => undefined); // ffmpeg gone: its exit is handled below
    this.exited = new Promise((resolve) =>
      ffmpeg.on('close', (code) => {
        if (code !== 0 && !this.closing) this.log.warn({ stream: this.streamId, code, stderr }, 'live ffmpeg stopped');
        feed?.close(); // its WebRTC viewers go with it
        resolve();
        if (!this.closing) this.cut(); // nothing can be done with more input
      }),
    );
    if (this.format === 'flv') ffmpeg.stdin.write(FLV_HEADER);
    // the description is all stdin carries: the media itself comes over loopback UDP
    if (typeof this.format === 'object') ffmpeg.stdin.end(this.format.rtpInputSdp);
    await streams.goLive(this.ctx, this.streamId);
    this.timer = setInterval(
      () => void this.tick().catch((err: unknown) => this.log.warn({ err }, 'live tick failed')),
      POLL_MS,
    );
  }

  /** whether ffmpeg has written the first segment of what it was sent */
  get onAir(): boolean {
    return this.announced;
  }

  /** The media sink an RTMP session writes to. */
  sink(): MediaSink {
    return {
      write: (type: MediaType, timestamp: number, body: Buffer) => this.write(flvTag(type, timestamp, body)),
      onDrain: (callback) => this.ffmpeg?.stdin.once('drain', callback),
      close: () => void this.close(),
    };
  }

  /** Raw bytes (a MediaRecorder chunk, or an FLV tag); false when ffmpeg's input is full. */
  write(chunk: Buffer): boolean {
    const stdin = this.ffmpeg?.stdin;
    if (!stdin || stdin.destroyed || this.closing) return true;
    countIngestBytes(this.ctx, this.format === 'flv' ? 'rtmp' : 'browser', chunk.length);
    return stdin.write(chunk);
  }

  onDrain(callback: () => void): void {
    this.ffmpeg?.stdin.once('drain', callback);
  }

  private async tick(): Promise<void> {
    const playlist = path.join(this.dir, LIVE_PLAYLIST);
    if (!this.announced && fs.existsSync(playlist)) {
      this.announced = true;
      await streams.noteIngest(this.ctx, this.streamId, { live_path: `live/${this.streamId}/${LIVE_PLAYLIST}` });
      this.lastBeat = Date.now();
    } else if (Date.now() - this.lastBeat >= HEARTBEAT_MS) {
      this.lastBeat = Date.now();
      await streams.noteIngest(this.ctx, this.streamId);
    }
    if (this.announced && !this.thumbnailDone) await this.makeThumbnail();
  }

  /** A still from the second segment, so directory cards show the stream before any replay exists. */
  private async makeThumbnail(): Promise<void> {
    const segments = (await fsp.readdir(this.dir)).filter((f) => f.startsWith('seg-') && f.endsWith('.ts')).sort();
    if (segments.length < 2) return;
    this.thumbnailDone = true;
    const out = path.join(this.ctx.tempDir, `live-thumb-${this.streamId}.jpg`);
    try {
      await extractThumbnail({ file: path.join(this.dir, segments[1]!), demuxer: 'mpegts' }, out, {
        durationSeconds: LIVE_SEGMENT_SECONDS,
        limits: this.ctx.config.media,
      });
      const cid = await cidOfFile(out);
      await this.ctx.blobs.putFile(cidKey(cid), out, 'image/jpeg');
      await streams.noteIngest(this.ctx, this.streamId, { thumbnail_cid: cid });
    } finally {
      await fsp.rm(out, { force: true });
    }
  }

  /** The publisher is gone: let ffmpeg flush its last segment, then report the stream's new state. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.timer);
      // the end of its input makes ffmpeg flush and exit; RTP input has no end, so it is asked to
      if (typeof this.format === 'object') this.ffmpeg?.kill('SIGINT');
      else this.ffmpeg?.stdin.end();
      const killer = setTimeout(() => this.ffmpeg?.kill('SIGKILL'), 10_000);
      await this.exited;
      clearTimeout(killer);
      this.cut();
      await streams.markInterrupted(this.ctx, this.streamId);
      this.onClosed();
    })();
    return this.closing;
  }
}
