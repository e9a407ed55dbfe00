import { plural } from '../../text/counts.js';
import { isContent } from '../scope.js';
import { perPageRule } from '../types.js';

/** Orphan-like pages: found only through the sitemap, no page of the site links to them. */
export const sitemapOnly = perPageRule({
  id: 'sitemap-only',
  weight: 3,
  severity: 'info',
  recommendation:
    'Link to pages that are only in the sitemap from related pages, or drop them if they are stale.',
  applies: isContent,
  test: (page) => page.foundVia === 'sitemap' && page.inlinks === 0,
  message: (n) =>
    `${plural(n, 'page is', 'pages are')} only reachable from the sitemap (no internal links)`,
});
