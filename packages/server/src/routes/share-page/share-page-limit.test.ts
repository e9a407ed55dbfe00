// Issue 29 point 3: share tokens cannot be tried in bulk. One client address opens at most
// SHARE_VIEWS_PER_HOUR_PER_IP report links an hour, wrong ones included; past it, 429.
import { SHARE_VIEWS_PER_HOUR_PER_IP } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../repos/test-support.js';

let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});

afterAll(async () => {
  await t.close();
});

describe('GET /r/:token, tried in bulk', () => {
  it(`answers 429 past ${SHARE_VIEWS_PER_HOUR_PER_IP} links an hour from one address`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= SHARE_VIEWS_PER_HOUR_PER_IP; i++) {
      const guess = i.toString(36).padStart(43, 'A');
      const res = await fetch(`${t.server.url}/r/${guess}`);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses.slice(0, SHARE_VIEWS_PER_HOUR_PER_IP).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const again = await fetch(`${t.server.url}/r/${'B'.repeat(43)}`);
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(again.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await again.text()).toContain('Too many report views');
  });
});
