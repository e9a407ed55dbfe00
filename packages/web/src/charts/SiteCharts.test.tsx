import type { CrawlCharts } from '@mapsmith/core/browser';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteCharts } from './SiteCharts';

/** A small answer of `crawl.charts`: two folders, one capped level ("other"). */
const CHARTS: CrawlCharts = {
  total: 12,
  verdicts: [
    { reason: 'listed', label: 'listed', count: 10 },
    { reason: 'status', label: 'error answers', count: 2 },
  ],
  statuses: [
    { status: 200, count: 10 },
    { status: 404, count: 2 },
  ],
  depths: [
    { depth: 0, orMore: false, count: 1 },
    { depth: 10, orMore: true, count: 11 },
  ],
  times: [
    { bucket: 'under-100ms', label: 'under 100 ms', count: 12 },
    { bucket: '100-300ms', label: '100–300 ms', count: 0 },
    { bucket: '300ms-1s', label: '300 ms–1 s', count: 0 },
    { bucket: '1-3s', label: '1–3 s', count: 0 },
    { bucket: 'over-3s', label: '3 s or more', count: 0 },
  ],
  folders: [
    {
      name: 'https://a.example',
      prefix: 'https://a.example/',
      urls: 12,
      issues: 2,
      children: [
        {
          name: 'blog/',
          prefix: 'https://a.example/blog/',
          urls: 8,
          issues: 2,
          children: [],
          other: null,
        },
      ],
      other: { folders: 9, urls: 3, issues: 0 },
    },
  ],
  otherHosts: null,
};

describe('SiteCharts', () => {
  it('draws every chart as buttons with its numbers behind it', () => {
    const html = renderToStaticMarkup(<SiteCharts charts={CHARTS} onPick={() => undefined} />);
    expect(html.match(/<figure/g)).toHaveLength(5);
    expect(html.match(/<details class="chart-numbers">/g)).toHaveLength(5);
    expect(html).toContain('aria-pressed="false"');
    expect(html).toContain('10 or more clicks');
    expect(html).toContain('9 smaller folders');
  });

  it('draws a static version without script: no buttons, numbers open, the tree expanded', () => {
    const html = renderToStaticMarkup(<SiteCharts charts={CHARTS} mode="static" />);
    expect(html).not.toContain('<button');
    expect(html.match(/<details class="chart-numbers" open="">/g)).toHaveLength(5);
    expect(html).toContain('blog/');
    // No inline styles: the pages' CSP allows none.
    expect(html).not.toContain('style=');
  });

  it('says plainly when the crawl met no URL of the site', () => {
    const html = renderToStaticMarkup(
      <SiteCharts
        charts={{ ...CHARTS, total: 0, verdicts: [], statuses: [], depths: [], folders: [] }}
      />,
    );
    expect(html).toContain('nothing to chart');
    expect(html).not.toContain('<figure');
  });
});
