import type { AuthResponse, Stream, StreamCreated } from '@app/shared';
import { publishTestPattern } from '@app/media';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../../testing/test-app.ts';
import { RtmpTestClient, commandBytes, handshakeBytes } from '../../testing/rtmp-client.ts';
import { bearer, signUpByEmail } from '../../testing/test-users.ts';
import { encodeAmf0 } from './amf0.ts';
import { MsgType } from './chunk-reader.ts';
import { encodeMessage } from './chunk-writer.ts';

const MiB = 1024 * 1024;
const CLOSES = { timeout: 10_000, interval: 50 };

const rtmpPort = (t: TestApp): number => Number(new URL(t.ctx.live.rtmpUrl()).port);

/** What this process holds: JS objects plus Buffer memory (where the parts of a message would pile up). */
const heldMemory = (): number => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const setChunkSize = (size: number): Buffer =>
  encodeMessage({ csid: 2, type: MsgType.SetChunkSize, streamId: 0, body: u32(size) }, 128);
/** A chunk header announcing a message of `length` bytes; the body is up to the test. */
const messageHeader = (csid: number, type: number, length: number): Buffer => {
  const h = Buffer.alloc(12);
  h[0] = csid;
  h.writeUIntBE(length, 4, 3);
  h[7] = type;
  h.writeUInt32LE(1, 8);
  return h;
};

describe.each(testDialects)('RTMP listener under attack on %s', (dialect) => {
  let t: TestApp;
  let port: number;
  let creator: AuthResponse;
  const clients: RtmpTestClient[] = [];
  const connect = async (localAddress?: string) => {
    const client = await RtmpTestClient.connect(port, localAddress);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      RTMP_ENABLED: 'true',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      RTMP_PUBLISH_TIMEOUT_SECONDS: '2',
      RTMP_READ_TIMEOUT_SECONDS: '3',
      LIVE_GRACE_SECONDS: '2',
      LOG_LEVEL: process.env.TEST_LOG ?? 'silent',
    });
    port = rtmpPort(t);
    creator = await signUpByEmail(t.app);
  });
  afterEach(() => {
    for (const c of clients.splice(0)) c.end();
  });
  afterAll(() => t.close());

  const createStream = async (): Promise<StreamCreated> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/streams/create',
      headers: bearer(creator.access_token),
      payload: { title: 'Attack target', category: 'Technology' },
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  };
  /** A client past the key check, publishing to a fresh stream. */
  const publisher = async (): Promise<RtmpTestClient> => {
    const { stream_key } = await createStream();
    const client = await connect();
    client.publish(stream_key);
    await expect.poll(() => client.statusCodes(), { timeout: 15_000 }).toContain('NetStream.Publish.Start');
    return client;
  };

  it('closes on a chunk size below 128, so a 16 MB message in 1-byte chunks costs no memory', async () => {
    const chunks = 2 * MiB; // 4 MB on the wire: enough to cost the server hundreds of MB if it kept each chunk
    const oneByteChunks = Buffer.alloc(chunks * 2);
    for (let i = 0; i < chunks; i++) oneByteChunks[i * 2] = 0xc3; // type-3 header on chunk stream 3, then one byte
    const attack = Buffer.concat([
      handshakeBytes(),
      setChunkSize(1),
      messageHeader(3, MsgType.CommandAmf0, 16 * MiB - 1),
      oneByteChunks,
    ]);
    const client = await connect();
    const before = heldMemory();
    client.write(attack);
    await expect.poll(() => client.isClosed, CLOSES).toBe(true);
    expect(heldMemory() - before).toBeLessThan(8 * MiB); // about 0.2 MB in practice
  });

  it('refuses an absurd chunk size and a message longer than its type allows', async () => {
    const huge = await connect();
    huge.write(Buffer.concat([handshakeBytes(), setChunkSize(0x80000000)]));
    const long = await connect();
    long.write(
      Buffer.concat([handshakeBytes(), messageHeader(3, MsgType.CommandAmf0, 16 * MiB - 1), Buffer.alloc(100)]),
    );
    await expect.poll(() => huge.isClosed && long.isClosed, CLOSES).toBe(true);
  });

  it('gives a connection without an accepted key a small byte budget', async () => {
    const client = await connect();
    const audio = encodeMessage({ csid: 4, type: MsgType.Audio, streamId: 1, body: Buffer.alloc(100) }, 128);
    client.write(Buffer.concat([handshakeBytes(), ...Array.from({ length: 1000 }, () => audio)])); // ~112 KB of media nobody asked for
    await expect.poll(() => client.isClosed, CLOSES).toBe(true);
    expect(client.shookHands).toBe(true);
  });

  it('closes a connection that does not publish in time, even while it keeps talking', async () => {
    const client = await connect();
    client.write(Buffer.concat([handshakeBytes(), commandBytes(0, 'connect', 1, { app: 'live' })]));
    const ack = encodeMessage({ csid: 2, type: MsgType.Ack, streamId: 0, body: u32(1) }, 128);
    const talking = setInterval(() => client.write(ack), 250);
    try {
      await expect.poll(() => client.isClosed, CLOSES).toBe(true);
    } finally {
      clearInterval(talking);
    }
    expect(client.statusCodes()).toContain('NetConnection.Connect.Success');
  });

  it('refuses a bad stream key and closes the connection', async () => {
    const client = await connect();
    client.publish('live_not-a-real-key');
    await expect.poll(() => client.isClosed, CLOSES).toBe(true);
    expect(client.statusCodes()).toEqual(['NetConnection.Connect.Success', 'NetStream.Publish.BadName']);
  });

  it('closes a publisher that goes silent', async () => {
    const client = await publisher();
    await expect.poll(() => client.isClosed, CLOSES).toBe(true);
  });

  it('closes a publisher that announces a video message beyond the largest sane keyframe', async () => {
    const client = await publisher();
    client.write(Buffer.concat([messageHeader(6, MsgType.Video, 12 * MiB), Buffer.alloc(128)]));
    await expect.poll(() => client.isClosed, CLOSES).toBe(true);
  });

  it('closes a publisher that sends an endless stream of metadata', async () => {
    const client = await publisher();
    const metadata = encodeMessage(
      {
        csid: 4,
        type: MsgType.DataAmf0,
        streamId: 1,
        body: encodeAmf0('@setDataFrame', 'onMetaData', { width: 640, height: 360 }),
      },
      128,
    );
    const flood = Buffer.concat(Array.from({ length: 2000 }, () => metadata));
    client.write(flood);
    await expect.poll(() => client.isClosed, CLOSES).toBe(true);
  });

  it('still takes a real publisher with a valid key', async () => {
    const { stream_id, stream_key, rtmp_url } = await createStream();
    const publishing = await publishTestPattern(`${rtmp_url.replace('localhost', '127.0.0.1')}/${stream_key}`, {
      seconds: 4,
    });
    const stream = async (): Promise<Stream> => (await t.app.inject({ url: `/api/streams/${stream_id}` })).json();
    await expect
      .poll(async () => (await stream()).hls_url, { timeout: 20_000, interval: 250 })
      .toBe(`/media/live/${stream_id}/index.m3u8`);
    const { code, stderr } = await publishing.exited;
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 40_000);
});

describe.each(testDialects)('RTMP connection caps on %s', (dialect) => {
  let t: TestApp;
  const clients: RtmpTestClient[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, {
      RTMP_ENABLED: 'true',
      RTMP_PORT: '0',
      RTMP_HOST: '127.0.0.1',
      RTMP_MAX_CONNECTIONS: '3',
      RTMP_MAX_CONNECTIONS_PER_IP: '2',
    });
  });
  afterAll(async () => {
    for (const c of clients) c.end();
    await t.close();
  });

  /** Connects from `from` and reports whether the server answered the handshake or hung up. */
  const attempt = async (from: string): Promise<RtmpTestClient> => {
    const client = await RtmpTestClient.connect(rtmpPort(t), from);
    clients.push(client);
    client.write(handshakeBytes());
    await expect.poll(() => client.shookHands || client.isClosed, CLOSES).toBe(true);
    return client;
  };

  it('refuses connections beyond the per-address cap and beyond the total cap', async () => {
    const first = await attempt('127.0.0.1');
    const second = await attempt('127.0.0.1');
    const thirdFromSameAddress = await attempt('127.0.0.1');
    expect([first.shookHands, second.shookHands, thirdFromSameAddress.shookHands]).toEqual([true, true, false]);
    expect(thirdFromSameAddress.isClosed).toBe(true);

    const otherAddress = await attempt('127.0.0.2');
    expect(otherAddress.shookHands).toBe(true);
    const overTotal = await attempt('127.0.0.3');
    expect([overTotal.shookHands, overTotal.isClosed]).toEqual([false, true]);

    // a slot that frees up is taken again
    first.end();
    await expect.poll(async () => (await attempt('127.0.0.3')).shookHands, CLOSES).toBe(true);
  });
});
