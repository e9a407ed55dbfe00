import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../crawler/types.js';
import { makePage, seoReadyPage } from '../export/make-page.js';
import { analyzeSeo, scoreBand } from './analyze.js';
import { SEO_RULES } from './registry.js';

const good = seoReadyPage;

const rulesOf = (pages: PageRecord[]) => analyzeSeo(pages).issues.map((i) => i.rule);

describe('SEO analysis', () => {
  it('gives a clean site 100, Excellent, with a no-issue recommendation', () => {
    const result = analyzeSeo([good('/'), good('/a'), good('/b')]);
    expect(result.score).toBe(100);
    expect(scoreBand(result.score)).toBe('Excellent');
    expect(result.issues).toEqual([]);
    expect(result.recommendations).toHaveLength(1);
  });

  it('has weights that add up to 100, one rule per id', () => {
    expect(SEO_RULES.reduce((sum, r) => sum + r.weight, 0)).toBe(100);
    expect(new Set(SEO_RULES.map((r) => r.id)).size).toBe(SEO_RULES.length);
  });

  it('shows the offending title and description beside each URL, with its length', () => {
    const long = `A title that goes on far too long for any search result to show it all`;
    const result = analyzeSeo([
      good('/'),
      good('/short', { title: '  Home ', metaDescription: 'Too short.' }),
      good('/long', { title: long }),
    ]);
    const issue = (rule: string) => result.issues.find((i) => i.rule === rule);
    expect(issue('title-length')).toMatchObject({
      urls: ['https://a.example/short', 'https://a.example/long'],
      notes: ['“Home” (4 characters, under 10)', `“${long}” (${long.length} characters, over 60)`],
    });
    expect(issue('description-length')).toMatchObject({
      urls: ['https://a.example/short'],
      notes: ['“Too short.” (10 characters, under 50)'],
    });
    // Rules whose URLs need no words beside them carry none.
    expect(analyzeSeo([good('/', { title: null })]).issues[0]).not.toHaveProperty('notes');
  });

  it('finds each rule on the page that breaks it', () => {
    const cases: [string, PageRecord[]][] = [
      ['missing-title', [good('/', { title: null })]],
      [
        'duplicate-title',
        [good('/x', { title: 'Same title here' }), good('/y', { title: 'same title here ' })],
      ],
      ['missing-description', [good('/', { metaDescription: '' })]],
      [
        'duplicate-description',
        [
          good('/x', { metaDescription: 'd'.repeat(80) }),
          good('/y', { metaDescription: 'd'.repeat(80) }),
        ],
      ],
      ['title-length', [good('/', { title: 'x'.repeat(61) })]],
      ['description-length', [good('/', { metaDescription: 'short' })]],
      ['missing-h1', [good('/', { h1: null })]],
      [
        'broken-links',
        [good('/'), good('/gone', { status: 404, inlinks: 2, linkedFrom: ['https://a.example/'] })],
      ],
      [
        'redirect-chains',
        [
          good('/'),
          good('/r', {
            inlinks: 0,
            redirectChain: [
              { url: 'https://a.example/r', status: 301 },
              { url: 'https://a.example/r2', status: 302 },
            ],
          }),
        ],
      ],
      [
        'links-to-redirects',
        [good('/'), good('/r', { redirectChain: [{ url: 'https://a.example/r', status: 301 }] })],
      ],
      [
        'noindex-linked',
        [good('/', { robots: { meta: ['noindex'], header: [], noindex: true, nofollow: false } })],
      ],
      [
        'canonical-conflicts',
        [good('/a', { canonical: 'https://a.example/b' }), good('/b', { status: 404, inlinks: 0 })],
      ],
      [
        'images-missing-alt',
        [good('/', { images: [{ src: 'https://a.example/i.png', alt: null }] })],
      ],
      [
        'no-structured-data',
        [good('/', { structuredData: { jsonLd: false, microdata: false, types: [] } })],
      ],
      ['slow-responses', [good('/', { responseTimeMs: 2500 })]],
      [
        'timed-out',
        [
          good('/'),
          good('/late', {
            status: 0,
            contentType: null,
            responseTimeMs: 15_000,
            error: 'timed out after 15 s (2 tries, 18.5 s in all)',
            timedOut: { limitMs: 15_000, tries: 2 },
            verdict: { included: false, code: 'timeout', reason: 'excluded: timed out' },
            inlinks: 1,
          }),
        ],
      ],
      ['mixed-content', [good('/', { mixedContent: 2 })]],
      ['needs-rendering', [good('/', { rendered: true, renderReason: 'app shell' })]],
      ['sitemap-only', [good('/', { foundVia: 'sitemap', inlinks: 0 })]],
      [
        'hreflang-invalid',
        [good('/', { hreflang: [{ hreflang: 'fr-FRANCE', href: 'https://a.example/' }] })],
      ],
      [
        'hreflang-no-self',
        [good('/', { hreflang: [{ hreflang: 'de', href: 'https://a.example/de' }] })],
      ],
      [
        'hreflang-return-links',
        [
          good('/en', {
            hreflang: [
              { hreflang: 'en', href: 'https://a.example/en' },
              { hreflang: 'de', href: 'https://a.example/de' },
            ],
          }),
          good('/de', { hreflang: [{ hreflang: 'de', href: 'https://a.example/de' }] }),
        ],
      ],
    ];
    expect(cases.map(([id]) => id).sort()).toEqual(SEO_RULES.map((r) => r.id).sort());
    for (const [id, pages] of cases) expect(rulesOf(pages), id).toEqual([id]);
  });

  it('does not flag an empty alt, a self canonical or a robots-blocked URL', () => {
    const pages = [
      good('/', { images: [{ src: 'https://a.example/deco.png', alt: '' }] }),
      good('/blocked', {
        status: 0,
        error: 'blocked by robots.txt',
        verdict: { included: false, code: 'robots', reason: 'blocked by robots.txt' },
      }),
    ];
    expect(rulesOf(pages)).toEqual([]);
  });

  it('counts only 2xx HTML answers as pages: a redirect is no page without a title', () => {
    const redirect = good('/old', {
      // The record of a redirect holds its target's answer (200 HTML) but no facts of a page.
      redirectChain: [{ url: 'https://a.example/old', status: 301 }],
      finalUrl: 'https://a.example/',
      title: null,
      metaDescription: null,
      h1: null,
      linkedFrom: ['https://a.example/'],
      verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /' },
    });
    const toBlocked = good('/to-private', {
      redirectChain: [{ url: 'https://a.example/to-private', status: 301 }],
      finalUrl: 'https://a.example/private/x',
      status: 0,
      contentType: null,
      title: null,
      linkedFrom: ['https://a.example/'],
      verdict: { included: false, code: 'redirect', reason: 'excluded: 301 -> /private/x' },
    });
    const blocked = good('/private/x', {
      status: 0,
      contentType: null,
      title: null,
      linkedFrom: ['https://a.example/to-private'],
      verdict: { included: false, code: 'robots', reason: 'blocked by robots.txt' },
    });
    const result = analyzeSeo([good('/'), redirect, toBlocked, blocked]);
    expect(result.stats).toMatchObject({ totalPages: 1, listedPages: 1, brokenLinks: 0 });
    expect(result.issues.map((i) => i.rule)).not.toContain('missing-title');
    expect(result.issues.map((i) => i.rule)).not.toContain('broken-links');
    expect(result.issues.map((i) => i.rule)).toContain('links-to-redirects');
  });

  it('reports stats, worst issues first, and a score that explains itself', () => {
    const pages = [
      good('/', { responseTimeMs: 100, images: [{ src: 'https://a.example/i.png', alt: 'x' }] }),
      good('/a', { responseTimeMs: 300, title: null }),
      good('/b', {
        responseTimeMs: 200,
        structuredData: { jsonLd: false, microdata: false, types: [] },
      }),
      good('/gone', { status: 500, responseTimeMs: 400, linkedFrom: ['https://a.example/'] }),
    ];
    const result = analyzeSeo(pages);
    // '/gone' answered 500: a URL of the report, not a page (`countsAsPage`).
    expect(result.stats).toEqual({
      totalPages: 3,
      pagesWithImages: 1,
      pagesWithStructuredData: 2,
      avgResponseTime: 250,
      p95ResponseTime: 400,
      timedOutUrls: 0,
      responseTimeNote: 'Over 4 URLs that answered; none timed out.',
      brokenLinks: 1,
      listedPages: 4,
    });
    expect(result.issues.map((i) => [i.severity, i.rule])).toEqual([
      ['critical', 'broken-links'],
      ['critical', 'missing-title'],
      ['info', 'no-structured-data'],
    ]);
    expect(result.issues[0]?.message).toBe(
      '1 broken internal link (e.g. https://a.example/gone, linked from https://a.example/)',
    );
    expect(result.issues[0]?.urls).toEqual(['https://a.example/gone']);
    expect(result.issues.map((i) => i.points)).toEqual([6.6, 5, 2]);
    // broken 15×(.25+.75×1/4) + title 10×(.25+.75×1/3) + structured data 4×(.25+.75×1/3)
    expect(result.score).toBe(Math.round(100 - 6.5625 - 5 - 2));
    expect(result.recommendations[0]).toMatch(/internal links/);
  });

  it('scores an empty crawl 0 with a clear issue', () => {
    const result = analyzeSeo([]);
    expect(result.score).toBe(0);
    expect(result.issues[0]).toMatchObject({
      severity: 'critical',
      message: 'No pages were crawled',
    });
  });

  it('bands scores exactly as spec §9', () => {
    expect([100, 90, 89.9, 70, 69, 50, 49, 0].map(scoreBand)).toEqual([
      'Excellent',
      'Excellent',
      'Good',
      'Good',
      'Fair',
      'Fair',
      'Needs Work',
      'Needs Work',
    ]);
  });

  it('scores a site with every problem in the Needs Work band', () => {
    const bad = Array.from({ length: 5 }, (_, i) =>
      makePage(`https://a.example/${i}`, {
        responseTimeMs: 5000,
        mixedContent: 1,
        rendered: true,
        foundVia: 'sitemap',
        inlinks: 0,
      }),
    );
    const broken = makePage('https://a.example/x', { status: 404, inlinks: 3 });
    const result = analyzeSeo([...bad, broken]);
    expect(scoreBand(result.score)).toBe('Needs Work');
  });
});
