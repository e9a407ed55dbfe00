/**
 * `mapsmith crawl --max-storage-mb` and `--max-frontier-urls`: the growth bounds a user of the
 * CLI raises for a big site, and the summary's sentence that names the flag when one ends a
 * crawl. The real CLI from source against a local fixture site.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FixtureSite, startFixtureSite } from '../../../../../tests/fixtures/site/index.js';
import { runCli } from './cli-test-support.js';

/** About 1.6 KB a page as the crawler measures, so 1 MB ends the crawl about page 650. */
const PAGES = 1000;

describe('mapsmith crawl growth bounds', () => {
  let site: FixtureSite;
  beforeAll(async () => {
    site = await startFixtureSite({ pages: PAGES });
  });
  afterAll(async () => {
    await site.close();
  });

  /** Crawls the whole fixture site statically with `extra` options. */
  async function crawl(...extra: string[]) {
    const args = ['crawl', site.url, '--allow-loopback', '--render', 'never', '--max-pages'];
    return runCli([...args, String(PAGES * 2), ...extra]);
  }

  /** The page count of the human summary's first line. */
  function crawled(stdout: string): number {
    return Number(/^Crawled ([\d,]+) pages/.exec(stdout)?.[1]?.replaceAll(',', ''));
  }

  it('ends at a tiny --max-storage-mb and says how to raise it', async () => {
    const result = await crawl('--max-storage-mb', '1');
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('(storage-limit)');
    expect(crawled(result.stdout)).toBeGreaterThan(100);
    expect(crawled(result.stdout)).toBeLessThan(PAGES);
    expect(result.stdout).toContain(
      'Stopped at the storage bound of 1 MB for one crawl. If the site is this large, crawl again with a higher --max-storage-mb; if it is a link trap, exclude the endless part with a pattern instead.',
    );
  }, 60_000);

  it('says the bound, its figure and how to raise it in the --json summary too', async () => {
    const result = await crawl('--max-storage-mb', '1', '--json');
    expect(result.status).toBe(0);
    const summary = JSON.parse(result.stdout) as Record<string, unknown>;
    expect(summary.endedBy).toBe('storage-limit');
    expect(summary.limit).toBe(1024 ** 2);
    expect(summary.stopped).toBe(
      'Stopped at the storage bound of 1 MB for one crawl. If the site is this large, crawl again with a higher --max-storage-mb; if it is a link trap, exclude the endless part with a pattern instead.',
    );
  }, 60_000);

  it('ends at a tiny --max-frontier-urls and says how to raise it', async () => {
    const result = await crawl('--max-frontier-urls', '40');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('(frontier-limit)');
    expect(crawled(result.stdout)).toBeLessThanOrEqual(40);
    expect(result.stdout).toContain(
      'Stopped at the frontier bound of 40 URLs: the site links to more URLs than one crawl queues, so the rest were left out. If the site is this large, crawl again with a higher --max-frontier-urls;',
    );
  }, 60_000);

  it('crawls every page when the bounds are large enough', async () => {
    const result = await crawl('--max-storage-mb', '8', '--max-frontier-urls', String(PAGES * 2));
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('(finished)');
    expect(crawled(result.stdout)).toBeGreaterThanOrEqual(PAGES);
    expect(result.stdout).toContain(`Listed in the sitemap: ${site.expectedSitemapUrls.length}.`);
    expect(result.stdout).not.toContain('Stopped at');
    const json = await crawl(
      '--max-storage-mb',
      '8',
      '--max-frontier-urls',
      String(PAGES * 2),
      '--json',
    );
    expect(JSON.parse(json.stdout)).not.toHaveProperty('stopped');
  }, 60_000);

  it('refuses a bad bound in plain words', async () => {
    const zero = await runCli(['crawl', site.url, '--max-storage-mb', '0']);
    expect(zero.status).toBe(2);
    expect(zero.stderr).toContain('--max-storage-mb must be a whole number of at least 1, not "0"');
    const text = await runCli(['crawl', site.url, '--max-frontier-urls', 'lots']);
    expect(text.status).toBe(2);
    expect(text.stderr).toContain(
      '--max-frontier-urls must be a whole number of at least 1, not "lots"',
    );
  }, 30_000);
});
