import { VideoListSchema } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializer, responseJsonSchema } from './serializer.ts';

const compile = (schema: z.ZodType, check: boolean) =>
  createResponseSerializer({ check })({ schema, method: 'GET', url: '/test', httpStatus: '200' });

describe('responses written by a serializer compiled from the route’s zod schema', () => {
  const Item = z.object({
    id: z.string(),
    note: z.string().nullable(),
    count: z.number().int(),
    tags: z.array(z.string()),
    extra: z.object({ a: z.number() }).optional(),
    kind: z.enum(['a', 'b']),
    map: z.record(z.string(), z.number()),
  });

  it('writes what JSON.stringify writes for a well-formed answer', () => {
    const value = { id: 'x"y', note: null, count: 3, tags: ['ü', '\n'], kind: 'b', map: { k: 1 } };
    expect(compile(Item, false)(value)).toBe(JSON.stringify(value));
    expect(JSON.parse(compile(Item, false)({ ...value, note: 'n', extra: { a: 1 } }))).toEqual({
      ...value,
      note: 'n',
      extra: { a: 1 },
    });
  });

  it('never sends a field the schema does not name (a secret on the row stays on the server)', () => {
    const row = { id: '1', note: null, count: 0, tags: [], kind: 'a', map: {}, password_hash: 'secret' };
    expect(compile(Item, false)(row)).not.toContain('secret');
    expect(compile(Item, true)(row)).not.toContain('secret');
  });

  it('outside production, refuses an answer that breaks its contract instead of sending it', () => {
    expect(() => compile(Item, true)({ id: 1 })).toThrow(/Response doesn't match the schema|serializ/i);
  });

  it('writes nullable plain fields directly, without trying each branch', () => {
    const schema = responseJsonSchema(z.object({ a: z.string().nullable(), b: z.number().nullable() }));
    expect(schema).toMatchObject({
      properties: { a: { type: ['string', 'null'] }, b: { type: ['number', 'null'] } },
    });
  });

  it('writes a real feed answer exactly as the zod-checked JSON', () => {
    const video = {
      id: 'v1',
      title: 'T',
      description: '',
      category: 'Music',
      tags: ['a'],
      thumbnail_url: null,
      thumbnail_sizes: [{ width: 320, jpeg_url: '/ipfs/a', webp_url: null }],
      duration: 4,
      views: 1,
      likes: 0,
      tokens_earned: 10.5,
      upload_date: '2026-01-01T00:00:00.000Z',
      creator_id: 'c',
      creator_username: 'u',
      creator_wallet: null,
      ipfs_hash: 'bafy',
      status: 'ready',
      hls_url: null,
      media_url: '/ipfs/bafy',
      width: 640,
      height: 360,
      failure_reason: null,
      comment_count: 2,
      comments_enabled: true,
    };
    const body = { videos: [video] };
    expect(compile(VideoListSchema, true)(body)).toBe(JSON.stringify(VideoListSchema.parse(body)));
  });
});
