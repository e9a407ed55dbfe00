/**
 * Slow is not broken (issue 25 point 3): a page past the crawl's time limit gets its own
 * verdict with the limit and the tries, costs about one timeout plus one short retry, and the
 * progress names the URLs in flight while the crawl waits for slow pages. Limits of about a
 * second keep the test fast.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import type { CrawlProgress } from './events.js';

let site: FixtureSite | undefined;
afterEach(async () => {
  await site?.close();
  site = undefined;
});

/** The seconds of "(2 tries, 1.3 s in all)". */
function spentSeconds(reason: string): number {
  return Number(/, ([\d.]+) s in all\)$/.exec(reason)?.[1] ?? Number.NaN);
}

describe('pages that do not answer in time', () => {
  it('are timed out after the limit with one short retry, never waited for in full', async () => {
    site = await startFixtureSite({ pages: 3, features: ['timeouts'], slowMs: 400, lateMs: 3000 });
    const started = Date.now();
    const crawl = await crawlFixture(site.url, { pageTimeoutMs: 1000, timeoutRetryMs: 300 });
    const took = Date.now() - started;

    for (const path of ['/timeout/late', '/timeout/later']) {
      const page = crawl.pages.get(`${site.origin}${path}`);
      expect(page?.verdict).toEqual({
        included: false,
        code: 'timeout',
        reason: expect.stringMatching(
          /^excluded: timed out after 1 s \(2 tries, [\d.]+ s in all\)$/,
        ),
      });
      if (page?.verdict.included !== false) throw new Error('not excluded');
      expect(page.timedOut).toEqual({ limitMs: 1000, tries: 2 });
      expect(page.error).toBe(page.verdict.reason.replace('excluded: ', ''));
      // One timeout (1 s), the backoff (20 ms) and the short retry (0.3 s): about 1.3 s.
      const spent = spentSeconds(page.verdict.reason);
      expect(spent).toBeGreaterThanOrEqual(1.3);
      expect(spent).toBeLessThan(1.8);
      // Counted at the limit: what one try waited without an answer.
      expect(page.responseTimeMs).toBe(1000);
      expect(page.status).toBe(0);
      expect(site.hits(path)).toBe(2);
    }
    // Slow but within the limit: listed, its real time kept.
    const within = crawl.pages.get(`${site.origin}/timeout/within`);
    expect(within?.verdict).toEqual({ included: true });
    expect(within?.responseTimeMs).toBeGreaterThanOrEqual(400);
    expect(crawl.summary.excluded).toMatchObject({ timeout: 2 });
    expect(crawl.summary.excluded.error).toBeUndefined();
    // The late pages answer after 3 s: the crawl did not wait for them.
    expect(took).toBeLessThan(2800);
  });

  it('are retried once at most, even with more retries allowed for errors', async () => {
    site = await startFixtureSite({ pages: 1, features: ['timeouts'], lateMs: 3000 });
    const crawl = await crawlFixture(site.url, {
      pageTimeoutMs: 500,
      timeoutRetryMs: 200,
      maxRetries: 5,
    });
    expect(crawl.pages.get(`${site.origin}/timeout/late`)?.timedOut).toEqual({
      limitMs: 500,
      tries: 2,
    });
    expect(site.hits('/timeout/late')).toBe(2);
  });

  it('show in the progress as the URLs in flight while the crawl waits for them', async () => {
    site = await startFixtureSite({ pages: 1, features: ['timeouts'], slowMs: 50, lateMs: 2600 });
    const crawl = await crawlFixture(site.url, { pageTimeoutMs: 5000 });
    const progress = crawl.events.filter((e): e is CrawlProgress => e.type === 'progress');
    // The heartbeat tells it while no page ends (at 1 s and 2 s of the 2.6 s wait).
    const seen = progress.find((p) => p.slowInFlight === 2);
    if (!seen) throw new Error('no progress while both late pages were in flight');
    expect(seen.pageTimeoutMs).toBe(5000);
    expect(seen.inFlight.map((f) => f.url).sort()).toEqual([
      `${site.origin}/timeout/late`,
      `${site.origin}/timeout/later`,
    ]);
    for (const f of seen.inFlight) expect(f.elapsedMs).toBeGreaterThan(1000);
    expect([`${site.origin}/timeout/late`, `${site.origin}/timeout/later`]).toContain(
      seen.currentUrl,
    );
    // Once nothing is in flight, no URL is named: never a stale "Fetching".
    const last = progress.at(-1) as CrawlProgress;
    expect(last.inFlight).toEqual([]);
    expect(last.currentUrl).toBeNull();
  });
});
