// Issue 25 points 1, 2 and 10 (walkthrough defects 2, 4, 48): a client-side redirect is its own
// verdict naming its target, and every redirect hop (HTTP or client-side) counts as a link to
// its target, so a page reached only through a redirect is linked and compared as such.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { compareSitemapWithCrawl } from '../compare/sitemap-vs-crawl.js';
import { reportColumns } from '../report/columns.js';
import { detailOf, type RowData } from '../report/rows.js';
import { reasonOf, verdictWords, whyWords } from '../report/verdict-words.js';
import { analyzeSeo } from '../seo/analyze.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { PageRecord } from './types.js';

let site: FixtureSite;
const records = new Map<string, PageRecord>();
const at = (path: string) => {
  const record = records.get(`${site.origin}${path}`);
  if (!record) throw new Error(`${path} was not recorded`);
  return record;
};

beforeAll(async () => {
  site = await startFixtureSite({ pages: 3, features: ['client-redirects'] });
  const store = createMemoryStore();
  await crawlFixture(site.url, { render: 'never' }, { store });
  for await (const page of store.pages()) records.set(page.url, page);
});
afterAll(() => site.close());

describe('client-side redirects', () => {
  it('are their own verdict, naming the target and how it was found, never a 3xx to itself', () => {
    const refresh = at('/cr/refresh');
    expect(refresh.status).toBe(200);
    expect(refresh.redirectChain).toEqual([]);
    expect(refresh.clientRedirect).toEqual({
      via: 'meta refresh',
      url: `${site.origin}/cr/refresh-target`,
      seen: 'html',
    });
    expect(refresh.verdict).toEqual({
      included: false,
      code: 'redirect',
      reason: 'excluded: client-side redirect (meta refresh) -> /cr/refresh-target',
    });
    expect(verdictWords(refresh)).toBe('client-side redirect (meta refresh) → /cr/refresh-target');
    expect(whyWords(refresh)).toBe(
      'Not listed: it answered 200 but is a client-side redirect (meta refresh) to /cr/refresh-target, found by a <meta http-equiv="refresh"> tag with no delay in its HTML. A sitemap lists the target, never the redirecting URL.',
    );
    const script = at('/cr/script');
    expect(script.verdict).toMatchObject({
      code: 'redirect',
      reason: 'excluded: script redirect -> /cr/script-target',
    });
    expect(verdictWords(script)).toBe('script redirect → /cr/script-target');
    expect(whyWords(script)).toContain('found by a script in its HTML that sets location');
  });

  it('list their targets; a static crawl cannot see a redirect made by a computed script', () => {
    const listed = [...records.values()].filter((p) => p.verdict.included).map((p) => p.url);
    expect(listed.sort()).toEqual(site.expectedStaticSitemapUrls);
    expect(at('/cr/rendered').verdict.included).toBe(true);
  });

  it('leave the SEO analysis of pages, and count as internally linked redirects', () => {
    const seo = analyzeSeo(records.values());
    const issue = (rule: string) => seo.issues.find((i) => i.rule === rule);
    expect([...(issue('links-to-redirects')?.urls ?? [])].sort()).toEqual(
      ['/cr/hop/1', '/cr/moved', '/cr/refresh', '/cr/script'].map((p) => `${site.origin}${p}`),
    );
    for (const rule of ['missing-description', 'missing-h1', 'no-structured-data'])
      expect(issue(rule)?.urls ?? [], rule).not.toContain(`${site.origin}/cr/refresh`);
  });
});

describe('pages reached through redirects', () => {
  it('get the hop as an inlink from the redirecting URL', () => {
    const inlinks = (path: string) => [at(path).inlinks, at(path).linkedFrom];
    expect(inlinks('/cr/refresh-target')).toEqual([1, [`${site.origin}/cr/refresh`]]);
    expect(inlinks('/cr/script-target')).toEqual([1, [`${site.origin}/cr/script`]]);
    expect(inlinks('/cr/chain-target')).toEqual([1, [`${site.origin}/cr/hop/1`]]);
    expect(inlinks('/cr/only-via-redirect')).toEqual([1, [`${site.origin}/cr/moved`]]);
  });

  it('are "missing from sitemap" when the live sitemap lacks them, never orphans', () => {
    const crawled = [...records.values()].map((p) => ({
      url: p.url,
      reason: reasonOf(p),
      verdict: verdictWords(p),
      inlinks: p.inlinks,
      foundVia: p.foundVia,
      lastModified: p.lastModified,
    }));
    const live = [site.url, `${site.origin}/cr/chain-target`].map((url) => ({
      url,
      sitemap: `${site.origin}/sitemap.xml`,
      lastmod: null,
    }));
    const findings = compareSitemapWithCrawl(live, crawled);
    const missing = findings.filter((f) => f.flags.includes('missing')).map((f) => f.url);
    expect(missing.sort()).toEqual(
      site.expectedStaticSitemapUrls.filter((u) => u !== site.url && !u.endsWith('/chain-target')),
    );
    expect(findings.filter((f) => f.flags.includes('orphan'))).toEqual([]);
  });
});

describe("a URL's redirect chain in its detail", () => {
  it('has every HTTP hop, the final answer, and a client redirect with its target', () => {
    const row = (page: PageRecord): RowData => ({
      ...reportColumns(page),
      seq: 1,
      url: page.url,
      title: page.title,
      inlinks: page.inlinks,
      change: null,
    });
    const chain = detailOf(row(at('/cr/hop/1')), at('/cr/hop/1'), []);
    expect(chain.redirectChain).toEqual([
      { url: `${site.origin}/cr/hop/1`, status: 301 },
      { url: `${site.origin}/cr/hop/2`, status: 302 },
      { url: `${site.origin}/cr/hop/3`, status: 308 },
    ]);
    expect([chain.finalUrl, chain.finalStatus]).toEqual([`${site.origin}/cr/chain-target`, 200]);
    expect(chain.clientRedirect).toBeNull();
    const refresh = detailOf(row(at('/cr/refresh')), at('/cr/refresh'), []);
    expect(refresh.clientRedirect).toEqual(at('/cr/refresh').clientRedirect);
    expect(refresh.finalStatus).toBe(200);
  });
});
