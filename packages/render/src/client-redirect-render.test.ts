// Issue 25 point 1: a script redirect whose target only running the script reveals is seen when
// the page is rendered, and becomes the page's verdict (walkthrough defect 2).
import {
  createMemoryStore,
  createUrlPolicy,
  type PageRecord,
  verdictWords,
  whyWords,
} from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../tests/fixtures/site/crawl-helper.js';
import { type FixtureSite, startFixtureSite } from '../../../tests/fixtures/site/index.js';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

describe('a script redirect seen when rendering', () => {
  let site: FixtureSite;
  let renderer: ChromiumRenderer;
  const records = new Map<string, PageRecord>();
  beforeAll(async () => {
    site = await startFixtureSite({ pages: 3, features: ['client-redirects'] });
    renderer = createChromiumRenderer({ policy: createUrlPolicy({ allowLoopback: true }) });
    const store = createMemoryStore();
    await crawlFixture(site.url, { render: 'auto' }, { renderer, store });
    for await (const page of store.pages()) records.set(page.url, page);
  }, 120_000);
  afterAll(async () => {
    await renderer.close();
    await site.close();
  });

  it('is the verdict of the page, its target listed and linked by the hop', () => {
    const page = records.get(`${site.origin}/cr/rendered`);
    expect(page?.clientRedirect).toEqual({
      via: 'script',
      url: `${site.origin}/cr/rendered-target`,
      seen: 'render',
    });
    expect(page && verdictWords(page)).toBe('script redirect → /cr/rendered-target');
    expect(page && whyWords(page)).toBe(
      'Not listed: it answered 200 but is a script redirect to /cr/rendered-target, found by rendering the page: its script sent the browser there. A sitemap lists the target, never the redirecting URL.',
    );
    expect(page?.rendered).toBe(true);
    expect(page?.renderReason).toBe(
      `app shell: script-only body and 0 links: its script sent the browser on to ${site.origin}/cr/rendered-target`,
    );
    const listed = [...records.values()].filter((p) => p.verdict.included).map((p) => p.url);
    expect(listed.sort()).toEqual(site.expectedSitemapUrls);
    const target = records.get(`${site.origin}/cr/rendered-target`);
    expect([target?.inlinks, target?.linkedFrom]).toEqual([1, [`${site.origin}/cr/rendered`]]);
  });
});
