import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, testDialects, type TestApp } from '../testing/test-app.ts';
import { bearer, signUpByEmail } from '../testing/test-users.ts';

const TOKEN = 'metrics-token-for-the-test';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The value of one sample line (`name{labels} value`) in a Prometheus text answer. */
const sample = (text: string, line: string): number | undefined => {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
};

describe.each(testDialects)('/metrics (%s)', (dialect) => {
  it('does not exist without METRICS_TOKEN, and nothing is counted', async () => {
    t = await createTestApp(dialect);
    expect(t.ctx.meters).toBeUndefined();
    // the path is the web app's like any unknown page (here: no web build), never the metrics
    const res = await t.app.inject({ url: '/metrics' });
    expect(res.body).not.toContain('tarang_');
  });

  it('answers only to its token, with request latencies per route, jobs, streams, sockets, the mint and the process', async () => {
    t = await createTestApp(dialect, { METRICS_TOKEN: TOKEN });
    for (const headers of [{}, bearer('wrong-token-of-the-same-size!'), bearer(`${TOKEN}x`)]) {
      const refused = await t.app.inject({ url: '/metrics', headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'unauthorized' });
    }
    await signUpByEmail(t.app);
    await signUpByEmail(t.app);
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/videos?limit=12' });
    await t.app.inject({ url: '/api/videos/not-a-video' });

    const res = await t.app.inject({ url: '/metrics', headers: bearer(TOKEN) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const text = res.body;
    // the route's pattern, never the URL a stranger typed
    expect(
      sample(text, 'tarang_http_request_duration_seconds_count{method="GET",route="/api/videos",status="2xx"}'),
    ).toBe(3);
    expect(
      sample(text, 'tarang_http_request_duration_seconds_count{method="GET",route="/api/videos/:id",status="4xx"}'),
    ).toBe(1);
    expect(text).not.toContain('not-a-video');
    expect(
      sample(text, 'tarang_http_request_duration_seconds_count{method="POST",route="/api/auth/register",status="2xx"}'),
    ).toBe(2);
    // two welcome bonuses of 100 tokens, in micro-tokens, issued by the mint
    expect(sample(text, 'tarang_ledger_system_balance{account="system:mint",currency="TOKEN"}')).toBe(-200_000_000);
    expect(sample(text, 'tarang_live_streams')).toBe(0);
    expect(sample(text, 'tarang_websockets_open{route="chat"}')).toBe(0);
    expect(sample(text, 'tarang_webrtc_viewers')).toBe(0);
    expect(text).toContain('# TYPE tarang_jobs gauge');
    expect(sample(text, 'tarang_process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});
