// The image checks at a crawl's end (walkthrough defect 19) against a real fixture site over
// loopback: bounded in number and in flight, robots.txt obeyed, 4xx answers named.
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import { systemClock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import { RobotsGate } from '../robots/robots-gate.js';
import { HostGate } from './host-gate.js';
import { checkImages } from './image-check.js';

let site: FixtureSite;
afterEach(() => site.close());

async function run(
  paths: string[],
  bounds: { max: number; concurrency: number; budgetMs?: number },
) {
  site = await startFixtureSite({ pages: 1, features: ['media-checks'] });
  const policy = createUrlPolicy({ allowLoopback: true });
  const fetcher = createHttpFetcher({ policy });
  const deps = {
    fetcher,
    policy,
    clock: systemClock,
    robots: new RobotsGate(fetcher, policy, systemClock, silentLogger),
    hosts: new HostGate(16, 0, systemClock),
  };
  try {
    const urls = paths.map((p) => `${site.origin}${p}`);
    return await checkImages(urls, deps, { budgetMs: 30_000, ...bounds });
  } finally {
    await fetcher.close();
  }
}

const IMAGES = Array.from({ length: 12 }, (_, i) => `/mc/img/n${i}.png`);

describe('checkImages', () => {
  it('asks for the first `max` images only and counts the rest unchecked', async () => {
    const result = await run(['/mc/img/missing.png', ...IMAGES], { max: 5, concurrency: 2 });
    expect(result.checked).toBe(5);
    expect(result.unchecked).toBe(8);
    expect([...result.broken]).toEqual([[`${site.origin}/mc/img/missing.png`, 404]]);
    const asked = site.requests().filter((r) => r.url.startsWith('/mc/img/'));
    expect(asked.map((r) => r.url).sort()).toEqual(
      ['/mc/img/missing.png', ...IMAGES.slice(0, 4)].sort(),
    );
  });

  it('keeps at most `concurrency` checks in flight', async () => {
    const result = await run(IMAGES, { max: 12, concurrency: 3 });
    expect(result.checked).toBe(12);
    expect(site.peakConcurrency()).toBeLessThanOrEqual(3);
  });

  it('stops at the time budget and counts what it did not reach', async () => {
    const started = Date.now();
    const result = await run(['/mc/img/slow.png', ...IMAGES.slice(0, 3)], {
      max: 10,
      concurrency: 1,
      budgetMs: 300,
    });
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result).toMatchObject({ checked: 0, unchecked: 4, broken: new Map() });
  });

  it('never asks for an image robots.txt disallows', async () => {
    const result = await run(['/private/hidden.png', '/private/open.png'], {
      max: 10,
      concurrency: 2,
    });
    expect(result.blocked).toBe(1);
    expect(site.hits('/private/hidden.png')).toBe(0);
    expect(site.hits('/private/open.png')).toBe(1);
  });
});
