import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import type { Clock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import { RobotsGate } from './robots-gate.js';

let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const fakeClock = () => {
  let now = 0;
  const clock: Clock & { advance(ms: number): void } = {
    now: () => now,
    sleep: async () => {},
    advance: (ms) => {
      now += ms;
    },
  };
  return clock;
};

describe('the robots gate', () => {
  it("matches MapsmithBot's own group, reads Crawl-delay and Sitemap lines, and caches 24 h", async () => {
    site = await startFixtureSite({
      pages: 3,
      robots: 'ok',
      crawlDelaySeconds: 2,
      features: ['sitemap'],
    });
    const fetcher = createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) });
    const clock = fakeClock();
    const gate = new RobotsGate(fetcher, clock, silentLogger);
    const origin = new URL(site.url);
    const [a, b] = await Promise.all([gate.rulesFor(origin), gate.rulesFor(origin)]);
    expect(a).toBe(b);
    expect(a?.isAllowed(`${site.origin}/p/1`)).toBe(true);
    expect(a?.isAllowed(`${site.origin}/private/x`)).toBe(false);
    expect(a?.isAllowed(`${site.origin}/private/open`)).toBe(true);
    expect(a?.crawlDelaySeconds).toBe(2);
    expect(a?.sitemaps).toEqual([`${site.origin}/sitemaps/index.xml`]);
    clock.advance(23 * 3600_000);
    await gate.rulesFor(origin);
    expect(site.hits('/robots.txt')).toBe(1);
    clock.advance(2 * 3600_000);
    await gate.rulesFor(origin);
    expect(site.hits('/robots.txt')).toBe(2);
    await fetcher.close();
  });

  it('reads only the first 500 KiB of an oversized file', async () => {
    site = await startFixtureSite({ pages: 3, robots: 'oversized' });
    const fetcher = createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) });
    const rules = await new RobotsGate(fetcher, fakeClock(), silentLogger).rulesFor(
      new URL(site.url),
    );
    expect(rules.isAllowed(`${site.origin}/p/1`)).toBe(true);
    expect(rules.isAllowed(`${site.origin}/private/x`)).toBe(false);
    await fetcher.close();
  });
});
