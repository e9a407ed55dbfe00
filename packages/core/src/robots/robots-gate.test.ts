import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { createHttpFetcher } from '../net/http-fetcher.js';
import { createUrlPolicy } from '../net/url-policy.js';
import type { Clock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import { ROBOTS_MAX_BYTES, RobotsGate, withinCap } from './robots-gate.js';

let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

const loopback = createUrlPolicy({ allowLoopback: true });

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
    const fetcher = createHttpFetcher({ policy: loopback });
    const clock = fakeClock();
    const gate = new RobotsGate(fetcher, loopback, clock, silentLogger);
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
    const fetcher = createHttpFetcher({ policy: loopback });
    const rules = await new RobotsGate(fetcher, loopback, fakeClock(), silentLogger).rulesFor(
      new URL(site.url),
    );
    expect(rules.isAllowed(`${site.origin}/p/1`)).toBe(true);
    expect(rules.isAllowed(`${site.origin}/private/x`)).toBe(false);
    await fetcher.close();
  });
});

describe('the 500 KiB cap', () => {
  // Issue 18: a rule whose bytes end exactly at the cap still applies; one cut by it does not.
  const serve = async (body: string) => {
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    return { origin: `http://127.0.0.1:${port}`, close: () => server.close() };
  };
  const fileWithRuleEndingAt = (end: number, rule: string) => {
    const head = 'User-agent: MapsmithBot\nDisallow: /private/\n';
    const filler = '#'.repeat(end - head.length - rule.length - 1);
    return `${head}${filler}\n${rule}\nDisallow: /after-the-cap/\n`;
  };

  it('applies a rule ending exactly at the cap and drops one the cap cuts', async () => {
    const rule = 'Disallow: /edge/';
    for (const [end, applies] of [
      [ROBOTS_MAX_BYTES, true],
      [ROBOTS_MAX_BYTES + 1, false],
    ] as const) {
      const site = await serve(fileWithRuleEndingAt(end, rule));
      const fetcher = createHttpFetcher({ policy: loopback });
      const rules = await new RobotsGate(fetcher, loopback, fakeClock(), silentLogger).rulesFor(
        new URL(site.origin),
      );
      expect(rules.isAllowed(`${site.origin}/private/x`)).toBe(false);
      expect(rules.isAllowed(`${site.origin}/edge/x`)).toBe(!applies);
      expect(rules.isAllowed(`${site.origin}/after-the-cap/x`)).toBe(true);
      await fetcher.close();
      site.close();
    }
  });

  it("keeps a group open across a Crawl-delay line (Google's ID_LineSyntax_Groups_OtherRules)", async () => {
    const site = await serve(
      'User-agent: MapsmithBot\nCrawl-delay: 5\nUser-agent: *\nDisallow: /\n',
    );
    const fetcher = createHttpFetcher({ policy: loopback });
    const rules = await new RobotsGate(fetcher, loopback, fakeClock(), silentLogger).rulesFor(
      new URL(site.origin),
    );
    expect(rules.isAllowed(`${site.origin}/p/1`)).toBe(false);
    expect(rules.isAllowed(`${site.origin}/robots.txt`)).toBe(true);
    expect(rules.crawlDelaySeconds).toBe(5);
    await fetcher.close();
    site.close();
  });

  it('keeps the first 500 KiB cut after the last complete line', () => {
    const line = (n: number) => new TextEncoder().encode(`${'a'.repeat(n - 1)}\n`);
    const body = new Uint8Array(ROBOTS_MAX_BYTES + 10);
    body.set(line(ROBOTS_MAX_BYTES - 5));
    expect(withinCap(body).byteLength).toBe(ROBOTS_MAX_BYTES - 5);
    body[ROBOTS_MAX_BYTES] = 0x0a;
    expect(withinCap(body).byteLength).toBe(ROBOTS_MAX_BYTES);
  });
});
