// Issue 18 point 7 (images): images on a large share of the listed pages (site chrome) are left
// out of every page's images, and the summary counts them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';
import { renderExport } from '../export/render.js';
import { createMemoryStore } from '../store/memory-store.js';
import { blankRecord } from './page-record.js';
import { ImageCounter, MAX_COUNTED_IMAGES } from './template-images.js';

const POSTS = 8;
const chrome = '<img src="/logo.png" alt="Logo"><img src="/badge.svg" alt="">';

describe('template images', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  const store = createMemoryStore();
  beforeAll(async () => {
    const links = Array.from({ length: POSTS }, (_, i) => `<a href="/post/${i}">Post ${i}</a>`);
    const routes: Parameters<typeof startMiniSite>[0] = {
      '/': { body: page('Blog', `${chrome}${links.join(' ')}`) },
    };
    for (let i = 0; i < POSTS; i++)
      routes[`/post/${i}`] = {
        body: page(
          `Post ${i}`,
          `${chrome}<img src="/photos/${i}.jpg" alt="Photo ${i}">${i < 2 ? '<img src="/photos/shared.jpg" alt="Shared">' : ''}`,
        ),
      };
    // The photos answer, so the image checks at the crawl's end keep them listed.
    const photo = { type: 'image/jpeg', body: 'jpeg' };
    for (let i = 0; i < POSTS; i++) routes[`/photos/${i}.jpg`] = photo;
    routes['/photos/shared.jpg'] = photo;
    site = await startMiniSite(routes);
    crawl = await crawlFixture(`${site.origin}/`, {}, { store });
  });
  afterAll(() => site.close());

  it('are left out of the stored records, page images kept', async () => {
    const pages = [];
    for await (const p of store.pages()) pages.push(p);
    expect(pages).toHaveLength(POSTS + 1);
    const post = pages.find((p) => p.url === `${site.origin}/post/1`);
    expect(post?.images.map((i) => i.src)).toEqual([
      `${site.origin}/photos/1.jpg`,
      `${site.origin}/photos/shared.jpg`,
    ]);
    expect(pages.find((p) => p.url === `${site.origin}/`)?.images).toEqual([]);
    const xml = renderExport('images', pages);
    expect(xml).not.toContain('logo.png');
    expect(xml.match(/<url>/g)).toHaveLength(POSTS);
  });

  it('are counted in the summary', () => {
    expect(crawl.summary.notes).toEqual([
      '2 images on more than a quarter of the listed pages (site chrome: logos, icons, badges) left out of the image lists: 18 entries',
    ]);
  });
});

describe('the image counter of a large crawl', () => {
  it('counts the first images met page by page and only tells the later ones apart', () => {
    const counter = new ImageCounter();
    const extra = 25;
    for (let i = 0; i < MAX_COUNTED_IMAGES + extra; i++) {
      const page = blankRecord({ url: `https://a.example/p/${i}`, depth: 1, foundVia: 'link' });
      page.verdict = { included: true };
      page.images = [`/logo.png`, `/photo/${i}.jpg`, `/photo/${i}.jpg`].map((src) => ({
        src: `https://a.example${src}`,
        alt: '',
      }));
      counter.add(page);
    }
    const template = counter.template();
    expect([...template]).toEqual(['https://a.example/logo.png']);
    const found = counter.found(template);
    // The logo and the first photos fill the counted images; the rest are only counted apart.
    expect(found).toHaveLength(MAX_COUNTED_IMAGES - 1);
    expect(found[0]).toBe('https://a.example/photo/0.jpg');
    expect(counter.uncounted).toBe(extra + 1);
  });
});
