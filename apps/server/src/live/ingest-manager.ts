import fsp from 'node:fs/promises';
import path from 'node:path';
import { LIVE_PLAYLIST, cidOfFile, probe, withoutDurationCap } from '@app/media';
import type { Logger } from 'pino';
import type { AppContext } from '../context.ts';
import { cidKey } from '../storage/blob-store.ts';
import * as streams from '../modules/streams/streams.service.ts';
import { IngestSession, liveDir, recordingParts, type IngestFormat } from './ingest-session.ts';
import type { RecordingHolder, RecordingSnapshot } from './live-context.ts';
import { joinParts, snapshotRecording } from './recording.ts';
import type { MediaSink } from './rtmp/rtmp-session.ts';
import { writeTransaction } from '../db/group-commit.ts';
import type { RtpFeed } from './webrtc/rtp-feed.ts';

/** The parts of a recording joined into one file while it is being kept. */
const JOINED = 'recording.ts';

/**
 * The ingest side of this process: at most one publishing session per stream, the watch on streams
 * whose recording parts sit on this machine (so the recording is finished here once the stream
 * ends, whichever node ended it), and the sweeper that ends streams whose ingest never came back.
 */
export class IngestManager implements RecordingHolder {
  private readonly sessions = new Map<string, IngestSession>();
  private readonly watches = new Map<string, Promise<() => Promise<void>>>();
  private readonly finishing = new Map<string, Promise<void>>();
  /** Ended streams whose recording could not be kept yet (a full disk): each sweep tries them again. */
  private readonly unkept = new Set<string>();
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: Logger,
  ) {}

  /** RTMP `publish`: a sink when the key opens a stream that is not ended and not already receiving. */
  async publishWithKey(key: string, cut: () => void): Promise<MediaSink | null> {
    const row = await streams.streamForKey(this.ctx, key);
    if (!row) return null;
    const session = await this.open(row.id, 'flv');
    if (!session) return null;
    session.cut = cut;
    return session.sink();
  }

  /** The Go Live page's camera (already authenticated and checked to be the owner's). */
  async openBrowserIngest(streamId: string, cut: () => void): Promise<IngestSession | null> {
    const session = await this.open(streamId, 'webm');
    if (session) session.cut = cut;
    return session;
  }

  /** A WHIP publisher (already authenticated as the owner's): ffmpeg reads the RTP its peer relays. */
  async openWhipIngest(streamId: string, rtpInputSdp: string, cut: () => void): Promise<IngestSession | null> {
    const session = await this.open(streamId, { rtpInputSdp });
    if (session) session.cut = cut;
    return session;
  }

  isReceiving(streamId: string): boolean {
    return this.sessions.has(streamId);
  }

  /** The WebRTC-ready RTP of a stream this process receives (none while its ffmpeg starts). */
  rtpFeed(streamId: string): RtpFeed | undefined {
    return this.sessions.get(streamId)?.rtp;
  }

  private async open(streamId: string, format: IngestFormat): Promise<IngestSession | null> {
    if (this.sessions.has(streamId)) return null;
    const session = new IngestSession(this.ctx, streamId, format, this.log, () => {
      this.sessions.delete(streamId);
      void this.finishIfEnded(streamId);
    });
    this.sessions.set(streamId, session);
    try {
      await this.watch(streamId);
      await session.start();
      await this.nameMediaHost(streamId, this.ctx.live.internalUrl());
      return session;
    } catch (err) {
      this.sessions.delete(streamId);
      this.log.error({ err, stream: streamId }, 'live ingest could not start');
      return null;
    }
  }

  /** Other processes relay this stream's live media from the one named; a failure only costs them that. */
  private async nameMediaHost(streamId: string, url: string | null): Promise<void> {
    await this.ctx.live.bus
      .setMediaHost(streamId, url)
      .catch((err: unknown) => this.log.warn({ err, stream: streamId }, 'live media host not named'));
  }

  private watch(streamId: string): Promise<unknown> {
    let watching = this.watches.get(streamId);
    if (!watching) {
      watching = this.ctx.live.bus.subscribe(streamId, (event) => {
        if (event.type === 'ingest_stop') this.sessions.get(streamId)?.cut();
        if (event.type === 'stream_ended' && !this.sessions.has(streamId)) void this.finishIfEnded(streamId);
        if (event.type === 'snapshot_request') void this.ctx.live.answerSnapshot(streamId, event.request_id);
      });
      this.watches.set(streamId, watching);
    }
    return watching;
  }

  private finishIfEnded(streamId: string): Promise<void> {
    let finishing = this.finishing.get(streamId);
    if (!finishing) {
      finishing = (async () => {
        const row = await streams.findStreamRow(this.ctx.db, streamId);
        if (!row || row.status !== 'ended') return;
        await this.nameMediaHost(streamId, null);
        if (!row.recording_cid) await this.keepRecording(streamId);
        this.unkept.delete(streamId);
        const unwatch = this.watches.get(streamId);
        this.watches.delete(streamId);
        await (
          await unwatch
        )?.();
      })()
        .catch((err: unknown) => {
          // the parts stay where they are, so nothing is lost: the next sweep tries again
          this.unkept.add(streamId);
          this.log.error({ err, stream: streamId }, 'recording could not be kept yet; trying again at the next sweep');
        })
        .finally(() => this.finishing.delete(streamId));
      this.finishing.set(streamId, finishing);
    }
    return finishing;
  }

  /**
   * The ended stream's recording parts become one MPEG-TS file stored by CID (what clips and the
   * replay are made from); the live playlist is closed so players stop waiting for more.
   */
  private async keepRecording(streamId: string): Promise<void> {
    const dir = liveDir(this.ctx, streamId);
    const playlist = path.join(dir, LIVE_PLAYLIST);
    const text = await fsp.readFile(playlist, 'utf8').catch(() => null);
    if (text !== null && !text.includes('#EXT-X-ENDLIST')) await fsp.appendFile(playlist, '#EXT-X-ENDLIST\n');

    const parts = await recordingParts(dir);
    if (parts.length === 0) return;
    const limits = this.recordingLimits();
    const joined = path.join(dir, JOINED);
    try {
      let file = path.join(dir, parts[0]!);
      if (parts.length > 1) {
        file = joined;
        await joinParts(
          parts.map((p) => path.join(dir, p)),
          file,
          limits,
        );
      }
      const info = await probe(file, { limits }).catch(() => null);
      if (info && info.durationSeconds > 0) {
        const cid = await cidOfFile(file);
        // the store takes the file it is given away: a lone part goes as a second name of it (no
        // space used), so the part itself stays until the recording is safely stored
        let stored = joined;
        if (file !== joined) await fsp.link(file, (stored = `${joined}.store`));
        await this.ctx.blobs.putFile(cidKey(cid), stored, 'video/mp2t');
        await writeTransaction(this.ctx.db, async (trx) => {
          await streams.setRecording(this.ctx, trx, streamId, cid, Math.round(info.durationSeconds * 1000));
          await this.ctx.jobs.enqueue('stream-replay', { streamId }, {}, trx);
        });
      }
    } finally {
      // what this try wrote goes whatever happened; the parts go only once the recording is kept
      await fsp.rm(joined, { force: true });
      await fsp.rm(`${joined}.store`, { force: true });
    }
    for (const part of parts) await fsp.rm(path.join(dir, part), { force: true });
  }

  /** A recording is as long as its broadcast: only the frame, time and memory limits apply. */
  private recordingLimits() {
    return withoutDurationCap(this.ctx.config.media);
  }

  /** Whether this process received the stream's video, so its recording parts are here. */
  holds(streamId: string): boolean {
    return this.watches.has(streamId);
  }

  /** The recording so far, stored by its CID (for a clip of a stream still on air); null when there is none yet. */
  async snapshot(streamId: string): Promise<RecordingSnapshot | null> {
    const work = await fsp.mkdtemp(path.join(this.ctx.tempDir, `snapshot-${streamId}-`));
    try {
      const limits = this.recordingLimits();
      const file = await snapshotRecording(liveDir(this.ctx, streamId), work, limits);
      const info = file ? await probe(file, { limits }).catch(() => null) : null;
      if (!file || !info || info.durationSeconds <= 0) return null;
      const cid = await cidOfFile(file);
      await this.ctx.blobs.putFile(cidKey(cid), file, 'video/mp2t');
      return { cid, durationMs: Math.floor(info.durationSeconds * 1000) };
    } finally {
      await fsp.rm(work, { recursive: true, force: true });
    }
  }

  /** At start: finish recordings left by a previous run, watch the streams that may still come back. */
  async start(graceMs: number): Promise<void> {
    const root = path.join(this.ctx.config.dataDir, 'live');
    for (const streamId of await fsp.readdir(root).catch(() => [] as string[])) {
      if ((await recordingParts(liveDir(this.ctx, streamId))).length === 0) continue;
      await this.watch(streamId);
      await this.finishIfEnded(streamId);
    }
    const sweep = async () => {
      await streams
        .sweepStreams(this.ctx, graceMs)
        .catch((err: unknown) => this.log.warn({ err }, 'stream sweep failed'));
      for (const streamId of this.unkept) await this.finishIfEnded(streamId);
    };
    this.sweeper = setInterval(() => void sweep(), Math.min(10_000, Math.max(1_000, graceMs / 2)));
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    await Promise.all([...this.sessions.values()].map((s) => s.close()));
    await Promise.all([...this.finishing.values()]);
    for (const unwatch of this.watches.values()) await (await unwatch)();
    this.watches.clear();
  }
}
