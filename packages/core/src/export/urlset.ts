import { listableAlternates } from '../crawler/hreflang-code.js';
import type { PageRecord } from '../crawler/types.js';
import { w3cDate } from './dates.js';
import { escapeXml, sitemapLoc } from './escape.js';
import type { SkippedEntry } from './types.js';

// The sitemap XML is written by hand from template strings, not with xmlbuilder2: measured on
// this machine, xmlbuilder2 4.0.3's streaming createCB() took 3.7 s of CPU for 100,000 URLs
// (over a minute for a million), these writers 0.13 s. Escaping lives in escape.ts.

/** The sitemaps.org namespace. */
export const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Google's image extension namespace. */
export const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';
/** Google's video extension namespace. */
export const VIDEO_NS = 'http://www.google.com/schemas/sitemap-video/1.1';
/** The XHTML namespace of hreflang `xhtml:link` alternates. */
export const XHTML_NS = 'http://www.w3.org/1999/xhtml';

/** Google reads at most 1,000 `image:image` per URL. */
export const MAX_IMAGES_PER_URL = 1000;

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** The opening of a urlset with the given extra namespace declarations. */
export function urlsetHead(extra: Record<string, string> = {}): string {
  let attrs = ` xmlns="${SITEMAP_NS}"`;
  for (const [prefix, uri] of Object.entries(extra)) attrs += ` xmlns:${prefix}="${uri}"`;
  return `${DECLARATION}<urlset${attrs}>\n`;
}

/** The closing of a urlset. */
export const URLSET_END = '</urlset>\n';

/**
 * The page's loc and lastmod (`<url><loc>..</loc><lastmod>..</lastmod>`, no closing tag), or
 * `null` when its URL cannot be listed (not http(s), or 2,048 characters or more).
 */
export function openUrl(page: PageRecord, skip: (entry: SkippedEntry) => void): string | null {
  const loc = sitemapLoc(page.finalUrl || page.url);
  if (loc === null) {
    skip({ url: page.url, reason: 'not an http(s) URL shorter than 2,048 characters' });
    return null;
  }
  // lastmod only when the server said so: never the crawl time (decisions.md).
  const lastmod = w3cDate(page.lastModified);
  return lastmod === null
    ? `<url><loc>${loc}</loc>`
    : `<url><loc>${loc}</loc><lastmod>${lastmod}</lastmod>`;
}

/** The `image:image` elements of a page (deduplicated, at most 1,000, loc only). */
export function imageElements(page: PageRecord): string {
  let out = '';
  let count = 0;
  const seen = new Set<string>();
  for (const image of page.images) {
    if (count === MAX_IMAGES_PER_URL) break;
    const loc = sitemapLoc(image.src);
    if (loc === null || seen.has(loc)) continue;
    seen.add(loc);
    out += `<image:image><image:loc>${loc}</image:loc></image:image>`;
    count++;
  }
  return out;
}

/**
 * The hreflang alternates of a page as `xhtml:link` elements; an invalid code is left out (the
 * `hreflang-invalid` SEO issue names its page).
 */
export function alternateLinks(page: PageRecord): string {
  let out = '';
  for (const alternate of listableAlternates(page.hreflang)) {
    const href = sitemapLoc(alternate.href);
    if (href === null) continue;
    out += `<xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${href}"/>`;
  }
  return out;
}
