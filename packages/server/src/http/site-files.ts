import { makePage, PUBLIC_PATHS, renderExport } from '@mapsmith/core';

/**
 * Mapsmith's own `/sitemap.xml`, written by its own XML exporter (the one users download), so
 * the product's site is listed the way it lists everyone else's. No lastmod: the server knows
 * no honest modification date of its pages.
 */
export function ownSitemap(origin: string): string {
  const pages = PUBLIC_PATHS.map((p) => makePage(`${origin}${p}`, { lastModified: null }));
  return renderExport('xml', pages);
}

/** `/robots.txt`: everything public is crawlable; the API and account pages are not for search. */
export function ownRobots(origin: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /dashboard',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}
