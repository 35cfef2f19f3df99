import { describe, expect, it } from 'vitest';
import { dataSecurityHeaders, isDataPath, securityHeaders } from './security.ts';

describe('security headers, worked out once at start', () => {
  it('carry the content security policy and helmet’s safe defaults', () => {
    const headers = securityHeaders({ publicUrl: new URL('http://localhost:3000') });
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers['content-security-policy']).toContain("connect-src 'self' ws://localhost:3000");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['cross-origin-embedder-policy']).toBeUndefined();
  });

  it('ask for HTTPS only on a site served over HTTPS', () => {
    const headers = securityHeaders({ publicUrl: new URL('https://tarang.example') });
    expect(headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(headers['content-security-policy']).toContain('wss://tarang.example');
  });

  it('give API answers, health checks and media a short policy under which nothing runs, loads or frames them', () => {
    for (const url of ['/api/videos?limit=12', '/healthz', '/media/hls/x/index.m3u8', '/ipfs/bafy'])
      expect(isDataPath(url)).toBe(true);
    for (const url of ['/', '/video/abc', '/api/docs', '/api/docs/static/index.html', '/assets/index.js'])
      expect(isDataPath(url)).toBe(false);
    const headers = dataSecurityHeaders(securityHeaders({ publicUrl: new URL('https://tarang.example') }));
    expect(headers).toMatchObject({
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(headers['referrer-policy']).toBeUndefined();
    expect(
      dataSecurityHeaders(securityHeaders({ publicUrl: new URL('http://localhost') }))['strict-transport-security'],
    ).toBeUndefined();
  });
});
