import { escapeXml } from './escape.js';
import { SITEMAP_NS } from './urlset.js';

/** A sitemap index listing the given absolute sitemap URLs. */
export function sitemapIndex(locs: readonly string[]): string {
  let out = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n`;
  for (const loc of locs) out += `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`;
  return `${out}</sitemapindex>\n`;
}
