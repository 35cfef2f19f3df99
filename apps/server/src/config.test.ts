import { DEFAULT_MEDIA_LIMITS } from '@app/media';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl.origin).toBe('http://localhost:3000');
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
  });

  it("bounds media jobs by default and takes the operator's limits", () => {
    expect(loadConfig({}).media).toEqual(DEFAULT_MEDIA_LIMITS);
    const c = loadConfig({ MEDIA_MAX_DURATION_SECONDS: '600', MEDIA_MAX_FRAME_RATE: '60', MEDIA_MEMORY_LIMIT_MB: '0' });
    expect(c.media).toMatchObject({
      maxDurationSeconds: 600,
      maxFrameRate: 60,
      memoryLimitMb: 0,
      maxFrameSide: DEFAULT_MEDIA_LIMITS.maxFrameSide,
    });
    expect(() => loadConfig({ MEDIA_MAX_FRAME_SIDE: '100000' })).toThrowError(/MEDIA_MAX_FRAME_SIDE/);
  });

  it('lists every problem at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL/,
    );
  });

  it('normalizes admin lists to lower case', () => {
    const c = loadConfig({ ADMIN_WALLETS: ' 0xABC , 0xdef ', ADMIN_EMAILS: 'Boss@Example.com' });
    expect(c.adminWallets).toEqual(['0xabc', '0xdef']);
    expect(c.adminEmails).toEqual(['boss@example.com']);
  });

  it('takes an http(s) internal address for the other processes, without a trailing slash', () => {
    expect(loadConfig({ INTERNAL_URL: 'http://10.0.0.5:3000/' }).internalUrl).toBe('http://10.0.0.5:3000');
    expect(loadConfig({}).internalUrl).toBeUndefined();
    expect(() => loadConfig({ INTERNAL_URL: 'node-a:3000' })).toThrowError(/INTERNAL_URL/);
  });
});

describe('S3 config', () => {
  it('needs credentials with a bucket and defaults to path style with a custom endpoint', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media' })).toThrowError(/S3_ACCESS_KEY_ID/);
    const c = loadConfig({
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(c.s3).toMatchObject({ bucket: 'media', forcePathStyle: true, region: 'us-east-1', prefix: '' });
    expect(loadConfig({}).s3).toBeUndefined();
  });

  it('bounds the RTMP listener by default, in ways a real encoder never meets', () => {
    expect(loadConfig({}).rtmp).toMatchObject({
      maxConnections: 100,
      maxConnectionsPerIp: 10,
      publishTimeoutMs: 10_000,
      readTimeoutMs: 30_000,
      preAuthMaxBytes: 65_536,
    });
    expect(() => loadConfig({ RTMP_PREAUTH_MAX_BYTES: '100', RTMP_MAX_CONNECTIONS: '0' })).toThrowError(
      /RTMP_MAX_CONNECTIONS[\s\S]*RTMP_PREAUTH_MAX_BYTES|RTMP_PREAUTH_MAX_BYTES[\s\S]*RTMP_MAX_CONNECTIONS/,
    );
  });
});
