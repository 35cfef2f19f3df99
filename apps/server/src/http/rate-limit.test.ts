import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

describe('the per-IP rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite', { RATE_LIMIT_MAX: '3' });
  });
  afterAll(() => t.close());

  it('counts API requests and answers 429 with a code past the limit', async () => {
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await t.app.inject({ url: '/api/videos?limit=1' }));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429, 429]);
    // the limit's headers come with the refusal, not with every answer
    expect(answers[0]!.headers['x-ratelimit-limit']).toBeUndefined();
    expect(answers[3]!.headers).toMatchObject({ 'x-ratelimit-limit': '3', 'x-ratelimit-remaining': '0' });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    expect(answers[4]!.json()).toMatchObject({ code: 'rate_limited', params: { seconds: 60 } });
  });

  it('puts no limiter in front of health checks and the app’s pages, even from a network past its API limit', async () => {
    for (const url of ['/healthz', '/readyz', '/video/abc']) {
      const answers = await Promise.all(Array.from({ length: 6 }, () => t.app.inject({ url })));
      expect(answers.every((a) => a.statusCode !== 429 && a.headers['retry-after'] === undefined)).toBe(true);
    }
  });
});
