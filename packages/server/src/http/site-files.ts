import { APP_PATHS, GUIDE_SLUGS, headForPath, makePage, renderExport } from '@mapsmith/core';

/** The public pages listed in Mapsmith's own sitemap: every indexable route and guide. */
export function publicPaths(): string[] {
  const paths = [...APP_PATHS, ...GUIDE_SLUGS.map((slug) => `/how-to/${slug}`)];
  return paths.filter((p) => headForPath(p)?.noindex !== true);
}

/**
 * Mapsmith's own `/sitemap.xml`, written by its own XML exporter (the one users download), so
 * the product's site is listed the way it lists everyone else's. No lastmod: the server knows
 * no honest modification date of its pages.
 */
export function ownSitemap(origin: string): string {
  const pages = publicPaths().map((p) => makePage(`${origin}${p}`, { lastModified: null }));
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
