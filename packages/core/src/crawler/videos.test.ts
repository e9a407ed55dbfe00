// Issue 18 point 5: ordinary pages with an HTML5 <video> (poster and <source>) or an embedded
// player, a title and a meta description give a video sitemap; videos that still lack a field
// are reported with the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MiniSite, page, startMiniSite } from '../../../../tests/fixtures/mini/mini-site.js';
import { crawlFixture, type FixtureCrawl } from '../../../../tests/fixtures/site/crawl-helper.js';
import { renderExport } from '../export/render.js';
import type { SkippedEntry } from '../export/types.js';

const CLIPS = 22;

describe('videos on ordinary pages', () => {
  let site: MiniSite;
  let crawl: FixtureCrawl;
  beforeAll(async () => {
    const links = Array.from({ length: CLIPS }, (_, i) => `<a href="/clips/${i}">Clip ${i}</a>`);
    const routes: Parameters<typeof startMiniSite>[0] = {
      '/': {
        body: page(
          'Clips',
          `${links.join(' ')} <a href="/embed">Embed</a> <a href="/no-poster">No poster</a>`,
        ),
      },
      '/embed': {
        body: page(
          'Talk',
          '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" title="Our talk"></iframe>',
        ),
      },
      '/no-poster': {
        body: page(
          'Raw clip',
          '<video controls><source src="/v/raw.mp4" type="video/mp4"></video>',
        ),
      },
    };
    for (let i = 0; i < CLIPS; i++)
      routes[`/clips/${i}`] = {
        body: page(
          `Clip ${i}`,
          `<video controls poster="/v/${i}.jpg"><source src="/v/${i}.mp4" type="video/mp4"></video>`,
          i === 0
            ? '<script type="application/ld+json">{"@type":"VideoObject","name":"The first clip","duration":"PT2M","uploadDate":"2025-05-01"}</script>'
            : '',
        ),
      };
    site = await startMiniSite(routes);
    crawl = await crawlFixture(`${site.origin}/`);
  });
  afterAll(() => site.close());

  it('take the page title, description, poster and source', () => {
    expect(crawl.pages.get(`${site.origin}/clips/3`)?.videos).toEqual([
      {
        contentUrl: `${site.origin}/v/3.mp4`,
        playerUrl: null,
        thumbnailUrl: `${site.origin}/v/3.jpg`,
        title: 'Clip 3',
        description: 'About Clip 3.',
        durationSeconds: null,
        publicationDate: null,
      },
    ]);
    expect(crawl.pages.get(`${site.origin}/clips/0`)?.videos).toEqual([
      expect.objectContaining({
        contentUrl: `${site.origin}/v/0.mp4`,
        title: 'The first clip',
        description: 'About Clip 0.',
        durationSeconds: 120,
        publicationDate: '2025-05-01',
      }),
    ]);
  });

  it('make a video sitemap, and name the field a video still lacks', () => {
    const skipped: SkippedEntry[] = [];
    // Exports read complete records; the link graph plays no part in a video entry.
    const records = [...crawl.pages.values()].map((p) => ({ ...p, inlinks: 0, linkedFrom: [] }));
    const xml = renderExport('videos', records, {}, (e) => skipped.push(e));
    expect(xml.match(/<video:video>/g)).toHaveLength(CLIPS + 1);
    expect(xml).toContain(
      '<video:thumbnail_loc>https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg</video:thumbnail_loc>',
    );
    expect(skipped).toEqual([
      {
        url: `${site.origin}/no-poster`,
        reason: `video ${site.origin}/v/raw.mp4: missing thumbnail_loc`,
      },
    ]);
  });
});
