/**
 * The live-sitemap comparison as CSV, written like the crawl report's (the same quoting, BOM
 * and CRLF), streamed in chunks.
 */
import { SITEMAP_FLAG_LABELS, type SitemapFinding } from '../contract/sitemap-compare-schemas.js';
import { csvField } from '../report/export.js';

/** The CSV columns, in order: header text and the value of a finding. */
export const SITEMAP_CSV_COLUMNS: ReadonlyArray<
  readonly [string, (f: SitemapFinding) => string | number | boolean | null]
> = [
  ['URL', (f) => f.url],
  ['Sitemap findings', (f) => f.flags.map((x) => SITEMAP_FLAG_LABELS[x]).join('; ')],
  ['Finding codes', (f) => f.flags.join(' ')],
  ['In sitemap', (f) => f.inSitemap],
  ['Crawl verdict', (f) => f.crawlVerdict],
  ['Times listed', (f) => f.listedTimes],
  ['Sitemaps', (f) => f.sitemaps.join(' ')],
  ['Lastmod', (f) => f.lastmod],
  ['Content changed', (f) => f.contentChanged],
];

/** The findings as CSV text chunks of about 64 KB, BOM and header first. */
export async function* sitemapFindingsCsv(
  rows: AsyncIterable<SitemapFinding>,
): AsyncGenerator<string> {
  let chunk = `\uFEFF${SITEMAP_CSV_COLUMNS.map(([h]) => csvField(h)).join(',')}\r\n`;
  for await (const row of rows) {
    chunk += `${SITEMAP_CSV_COLUMNS.map(([, value]) => csvField(value(row))).join(',')}\r\n`;
    if (chunk.length >= 64 * 1024) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
