import { createUrlPolicy } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RenderSite, startRenderSite } from '../../../tests/fixtures/render-site.js';
import { crawlFixture } from '../../../tests/fixtures/site/crawl-helper.js';
import { startFixtureSite } from '../../../tests/fixtures/site/index.js';
import { type ChromiumRenderer, createChromiumRenderer } from './chromium-renderer.js';

describe('smart rendering of hybrid pages in a real crawl', () => {
  let site: RenderSite;
  let renderer: ChromiumRenderer;
  beforeAll(async () => {
    site = await startRenderSite({ docs: 6, blogs: 6 });
    renderer = createChromiumRenderer({ policy: createUrlPolicy({ allowLoopback: true }) });
  });
  afterAll(async () => {
    await renderer.close();
    await site.close();
  });

  it('samples each template, renders the rest only where the sample found script links, and says so', async () => {
    const crawl = await crawlFixture(
      `${site.origin}/`,
      { render: 'auto', concurrency: 4 },
      { renderer },
    );
    expect(crawl.listed).toEqual(site.expectedListed);
    const docs = [1, 2, 3, 4, 5, 6].map((i) => crawl.pages.get(`${site.origin}/docs/${i}`));
    expect(docs.every((p) => p?.rendered)).toBe(true);
    const docReasons = docs.map((p) => p?.renderReason ?? '');
    expect(docReasons.filter((r) => r.startsWith('sample: shows #app')).length).toBe(3);
    expect(
      docReasons.filter(
        (r) => r === 'shows #app; a sample of template /docs/* found links added by scripts',
      ).length,
    ).toBe(3);
    const blogs = [1, 2, 3, 4, 5, 6].map((i) => crawl.pages.get(`${site.origin}/blog/${i}`));
    expect(blogs.filter((p) => p?.rendered).map((p) => p?.renderReason)).toEqual([
      'sample: shows #root; checking template /blog/* for links added by scripts: none found',
      'sample: shows #root; checking template /blog/* for links added by scripts: none found',
      'sample: shows #root; checking template /blog/* for links added by scripts: none found',
    ]);
    expect(blogs.filter((p) => !p?.rendered).map((p) => p?.renderReason)).toEqual([
      'not rendered: shows #root, but rendering 3 pages of template /blog/* found no links added by scripts',
      'not rendered: shows #root, but rendering 3 pages of template /blog/* found no links added by scripts',
      'not rendered: shows #root, but rendering 3 pages of template /blog/* found no links added by scripts',
    ]);
    expect(crawl.pages.get(`${site.origin}/about`)).toMatchObject({
      rendered: false,
      renderReason: null,
    });
    expect(crawl.summary.renderedPages).toBe(9);
    expect(crawl.summary.notes).toEqual([
      'Template /docs/*: 3 sample pages showed app signals and links added by scripts, so 3 more pages were rendered.',
      'Template /blog/*: 3 sample pages showed app signals but rendering found no links added by scripts; 3 more pages with the signals were not rendered.',
    ]);
  });

  it('fetches each page once, as MapsmithBot, and obeys robots.txt in the browser', () => {
    for (let i = 1; i <= 6; i++) {
      expect(site.hits(`/docs/${i}`)).toBe(1);
      expect(site.hits(`/blog/${i}`)).toBe(1);
      expect(site.hits(`/api/docs/${i}.json`)).toBe(1);
    }
    expect(site.hits('/')).toBe(1);
    expect(site.hits('/private/track')).toBe(0);
    expect([...site.userAgents()].every((ua) => ua.startsWith('MapsmithBot/'))).toBe(true);
    expect(renderer.launches()).toBe(1);
  });
});

describe('--render auto on a static site', () => {
  it('never starts a browser', async () => {
    const site = await startFixtureSite({ pages: 12 });
    const renderer = createChromiumRenderer({ policy: createUrlPolicy({ allowLoopback: true }) });
    try {
      const crawl = await crawlFixture(site.url, { render: 'auto' }, { renderer });
      expect(crawl.listed).toEqual(site.expectedStaticSitemapUrls);
      expect(crawl.summary.renderedPages).toBe(0);
      expect(renderer.launches()).toBe(0);
    } finally {
      await renderer.close();
      await site.close();
    }
  });
});
