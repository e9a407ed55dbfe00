import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalServer, listenLocal } from '../../../../tests/servers/http-util.js';
import { fetchPage } from '../crawler/fetch-page.js';
import { fetchSitemapText } from '../discovery/sitemap-seeds.js';
import { systemClock } from '../ports/clock.js';
import { silentLogger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { fetchRobots } from '../robots/robots-gate.js';
import { createHttpFetcher } from './http-fetcher.js';
import { downloadSitemap, SitemapDownloadError } from './sitemap-download.js';
import { createUrlPolicy } from './url-policy.js';

// Every caller of the one redirect follower, sent to an internal address by a redirect. The
// fetcher itself lets loopback through, so only the follower's question to the policy stops
// the hop; each caller then answers in its own words.
let site: LocalServer;
let internal: LocalServer;
let internalHits = 0;
const strict = createUrlPolicy();
const onlyTheSite: UrlPolicy = {
  checkUrl: (url) => (url.origin === site.url ? { allowed: true } : strict.checkUrl(url)),
  checkAddress: () => ({ allowed: true }),
};
const fetcher = createHttpFetcher({ policy: createUrlPolicy({ allowLoopback: true }) });

beforeAll(async () => {
  internal = await listenLocal((_req, res) => {
    internalHits++;
    res.end('User-agent: *\nDisallow:\n');
  });
  site = await listenLocal((req, res) => {
    const loop = req.url === '/loop.xml' ? '/loop.xml' : null;
    res.writeHead(301, { location: loop ?? `${internal.url}${req.url}` }).end();
  });
});

afterAll(async () => {
  await fetcher.close();
  await site.close();
  await internal.close();
});

describe('a redirect to a refused address, read by each caller', () => {
  afterEach(() => expect(internalHits).toBe(0));

  it('the crawl records a blocked fetch with the hop that led there', async () => {
    const outcome = await fetchPage(
      `${site.url}/page`,
      { fetcher, policy: onlyTheSite, clock: systemClock },
      { maxRedirects: 5, maxRetries: 0, maxBodyBytes: 1000, retryBaseMs: 1, maxRetryAfterMs: 1 },
    );
    expect(outcome.error?.code).toBe('EBLOCKED');
    expect(outcome.chain).toEqual([{ url: `${site.url}/page`, status: 301 }]);
    expect(outcome.finalUrl).toBe(`${internal.url}/page`);
  });

  it("robots.txt counts as unreachable: everything disallowed, with the policy's reason", async () => {
    const rules = await fetchRobots(site.url, fetcher, onlyTheSite, silentLogger);
    expect(rules.source).toBe('disallow-all');
    expect(rules.error).toMatch(/^robots\.txt unreachable: refused address 127\.0\.0\.1/);
  });

  it('sitemap seeding finds no sitemap there', async () => {
    expect(await fetchSitemapText(`${site.url}/sitemap.xml`, fetcher, onlyTheSite, 1000)).toBe(
      null,
    );
  });

  it("the checker's download answers 400 sitemap.url-not-allowed", async () => {
    const err = await downloadSitemap(
      { fetcher, policy: onlyTheSite },
      `${site.url}/sitemap.xml`,
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SitemapDownloadError);
    expect(err).toMatchObject({ status: 400, code: 'sitemap.url-not-allowed' });
  });
});

describe('a redirect loop, read by each caller', () => {
  const loopPolicy = createUrlPolicy({ allowLoopback: true });

  it('the checker names the loop; seeding finds no sitemap', async () => {
    const err = await downloadSitemap({ fetcher, policy: loopPolicy }, `${site.url}/loop.xml`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 502, error: 'Too many redirects' });
    expect((err as Error).message).toMatch(/loop/);
    expect(await fetchSitemapText(`${site.url}/loop.xml`, fetcher, loopPolicy, 1000)).toBe(null);
  });
});
