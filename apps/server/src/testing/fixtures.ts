import { EarningCategories } from '@app/shared';
import type { Db, Executor } from '../db/database.ts';
import { newId } from '../lib/ids.ts';
import type { ClipsTable } from '../modules/clips/clips.tables.ts';
import type { StreamsTable } from '../modules/streams/streams.tables.ts';
import { newStreamRow } from '../modules/streams/streams.service.ts';
import { transfer } from '../modules/ledger/ledger.service.ts';
import { RupeeAccount } from '../modules/ledger/rupee-accounts.ts';
import type { VideosTable } from '../modules/videos/videos.tables.ts';
import { insertVideo as storeVideo } from '../modules/videos/videos.repository.ts';
import { systemClock } from '../lib/clock.ts';

/**
 * Inserts a ready video row directly, for tests of feeds and engagement that do not need real media
 * (upload tests go through the real pipeline).
 */
export async function insertVideo(
  db: Executor,
  creatorId: string,
  overrides: Partial<VideosTable> = {},
): Promise<VideosTable> {
  const at = overrides.created_at ?? systemClock.iso();
  const row: VideosTable = {
    id: newId(),
    creator_id: creatorId,
    title: 'A test video',
    description: '',
    category: 'Education',
    tags: '[]',
    cid: `bafkrei${newId(52).toLowerCase()}`,
    size_bytes: 1000,
    content_type: 'video/mp4',
    duration_ms: 4000,
    width: 640,
    height: 360,
    thumbnail_cid: null,
    thumbnail_sizes: null,
    thumbnail_choices: null,
    hls_path: null,
    status: 'ready',
    failure: null,
    views: 0,
    likes: 0,
    comment_count: 0,
    comments_enabled: 1,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
  await storeVideo(db, row);
  return row;
}

/** Inserts a clip row directly (ready unless told otherwise), for list and engagement tests. */
export async function insertClip(
  db: Executor,
  creatorId: string,
  sourceVideoId: string,
  overrides: Partial<ClipsTable> = {},
): Promise<ClipsTable> {
  const at = overrides.created_at ?? systemClock.iso();
  const row: ClipsTable = {
    id: newId(),
    creator_id: creatorId,
    source_video_id: sourceVideoId,
    source_stream_id: null,
    title: 'A test clip',
    description: '',
    category: 'Education',
    tags: '[]',
    start_ms: 0,
    duration_seconds: 10,
    status: 'ready',
    failure: null,
    cid: `bafkrei${newId(52).toLowerCase()}`,
    size_bytes: 1000,
    thumbnail_cid: null,
    thumbnail_sizes: null,
    hls_path: null,
    source_cid: null,
    views: 0,
    likes: 0,
    comment_count: 0,
    comments_enabled: 1,
    created_at: at,
    updated_at: at,
    ...overrides,
  };
  await db.insertInto('clips').values(row).execute();
  return row;
}

/** Inserts an ended stream row directly (no key, no recording), for directory tests and benchmarks. */
export async function insertEndedStream(
  db: Executor,
  creatorId: string,
  overrides: Partial<StreamsTable> = {},
): Promise<StreamsTable> {
  const at = overrides.created_at ?? systemClock.iso();
  const row: StreamsTable = {
    ...newStreamRow({
      id: newId(),
      creator_id: creatorId,
      title: 'A test stream',
      description: '',
      category: 'Education',
      tags: '[]',
      key_hash: newId(64),
      key_sealed: '',
      created_at: at,
    }),
    status: 'ended',
    started_at: at,
    ended_at: at,
    last_ingest_at: at,
    ...overrides,
  };
  await db.insertInto('streams').values(row).execute();
  return row;
}

/**
 * Puts money into every reward pool from the gateway, as ad charges would: pools pay out only what
 * they hold, so tests of viewer earnings fund them first.
 */
export async function fundPools(db: Db, paise: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const pool of [RupeeAccount.creatorsPool, ...EarningCategories.map(RupeeAccount.pool)]) {
      await transfer(
        {
          from: RupeeAccount.gateway,
          to: pool,
          amount: paise,
          currency: 'INR',
          kind: 'test_funding',
          ref: pool,
          idempotencyKey: `test-funding:${newId(16)}`,
        },
        trx,
      );
    }
  });
}
