// Issue 25 point 7 (walkthrough defects 16, 17, 19): a real crawl of the fixture's
// `media-checks` group over loopback, its records as the store holds them at the end, the
// exact sitemap entries, the notes and the SEO issues.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlFixture } from '../../../../tests/fixtures/site/crawl-helper.js';
import { MEDIA_CHECK_IMAGES } from '../../../../tests/fixtures/site/features-media-checks.js';
import { type FixtureSite, startFixtureSite } from '../../../../tests/fixtures/site/index.js';
import { NothingToListError } from '../export/nothing-to-list.js';
import { renderExport } from '../export/render.js';
import type { SkippedEntry } from '../export/types.js';
import { analyzeSeo } from '../seo/analyze.js';
import { createMemoryStore } from '../store/memory-store.js';
import type { CrawlSummary, PageRecord } from './types.js';

let site: FixtureSite;
const pages: PageRecord[] = [];
let summary: CrawlSummary;

/** The `<url>` entry of `path` in a urlset, or undefined. */
function entryOf(xml: string, path: string): string | undefined {
  return xml.split('\n').find((line) => line.startsWith(`<url><loc>${site.origin}${path}</loc>`));
}

beforeAll(async () => {
  site = await startFixtureSite({ pages: 3, features: ['media-checks'] });
  const store = createMemoryStore();
  ({ summary } = await crawlFixture(site.url, {}, { store }));
  for await (const page of store.pages()) pages.push(page);
});
afterAll(() => site.close());

describe('media and alternates of a crawl', () => {
  it('lists lazy, srcset and picture images, not the one that answers 404', () => {
    const images = renderExport('images', pages);
    const locs = MEDIA_CHECK_IMAGES.map(
      (p) => `<image:image><image:loc>${site.origin}${p}</image:loc></image:image>`,
    );
    expect(entryOf(images, '/mc/images')).toBe(
      `<url><loc>${site.origin}/mc/images</loc>${locs.join('')}</url>`,
    );
    expect(images).not.toContain('missing.png');
    expect(renderExport('xml-images', pages)).not.toContain('missing.png');
  });

  it('asks each image once with HEAD and never one robots.txt disallows', () => {
    expect(site.hits('/mc/img/missing.png')).toBe(1);
    expect(site.hits('/mc/img/lazy.png')).toBe(1);
    expect(site.hits('/private/hidden.png')).toBe(0);
    expect(summary.notes).toContain(
      `1 image answering 4xx left out of the image lists: ${site.origin}/mc/img/missing.png (404)`,
    );
    expect(summary.notes).toContain(
      '1 image not checked because robots.txt disallows fetching it (still listed)',
    );
  });

  it('names the video left out, with its page and missing fields', () => {
    const skipped: SkippedEntry[] = [];
    // The only video is left out, so the video sitemap itself has nothing to list.
    expect(() => renderExport('videos', pages, {}, (entry) => skipped.push(entry))).toThrow(
      NothingToListError,
    );
    const url = `${site.origin}/mc/video-nodesc`;
    expect(skipped).toEqual([
      { url, reason: `video ${site.origin}/mc/v/clip.mp4: missing thumbnail_loc, description` },
    ]);
    expect(summary.notes).toContain(
      `1 video left out of the video sitemap for missing fields Google requires: ${url} (missing thumbnail_loc, description)`,
    );
  });

  it('copies only valid hreflang codes into the sitemap', () => {
    const xml = renderExport('xml', pages);
    const link = (code: string, path: string) =>
      `<xhtml:link rel="alternate" hreflang="${code}" href="${site.origin}${path}"/>`;
    expect(entryOf(xml, '/mc/lang/es')).toBe(
      `<url><loc>${site.origin}/mc/lang/es</loc>${link('es', '/mc/lang/es')}${link('en', '/mc/lang/en')}</url>`,
    );
    expect(xml).not.toContain('fr-FRANCE');
    const json = JSON.parse(renderExport('json', pages)) as {
      urls: { url: string; alternates: { hreflang: string }[] }[];
    };
    const es = json.urls.find((u) => u.url === `${site.origin}/mc/lang/es`);
    expect(es?.alternates.map((a) => a.hreflang)).toEqual(['es', 'en']);
  });

  it('reports invalid codes, missing return links and sets without the page', () => {
    const issues = analyzeSeo(pages).issues;
    const urls = (rule: string) =>
      (issues.find((i) => i.rule === rule)?.urls ?? [])
        .map((u) => u.slice(site.origin.length))
        .sort();
    expect(urls('hreflang-invalid')).toEqual(['/mc/lang/es']);
    expect(urls('hreflang-return-links')).toEqual(['/mc/lang/en', '/mc/lang/fr']);
    expect(urls('hreflang-no-self')).toEqual(['/mc/lang/fr']);
  });
});
