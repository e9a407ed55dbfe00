/**
 * Reads the URLs of one sitemap file for crawl seeding, in every form the protocol allows: XML
 * (`<urlset>`, `<sitemapindex>`, namespace-prefixed or not), RSS 2.0 and Atom feeds, through the
 * sitemap checker's streaming parser (one parser for checking and for seeding), and text
 * sitemaps (one URL per line).
 */
import { SitemapChecker } from '../checker/sitemap-checker.js';

/** What one sitemap document held. */
export interface ParsedSitemap {
  /** `urlset` (page URLs: urlset, feeds, text) or `sitemapindex` (child sitemaps). */
  kind: 'urlset' | 'sitemapindex' | 'unknown';
  /** The URLs in document order, trimmed. */
  locs: string[];
  /** Whether `maxLocs` cut the list. */
  truncated: boolean;
  /** Why the document could not be read (whole or in part); locs read before it are kept. */
  error: string | null;
}

/**
 * A text sitemap (sitemaps.org): one absolute URL per line, UTF-8, nothing else. Lines that
 * are not absolute http(s) URLs are skipped.
 */
function parseTextSitemap(text: string, maxLocs: number): ParsedSitemap {
  const result: ParsedSitemap = { kind: 'urlset', locs: [], truncated: false, error: null };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (!/^https?:\/\/\S+$/i.test(line)) continue;
    if (result.locs.length >= maxLocs) {
      result.truncated = true;
      break;
    }
    result.locs.push(line);
  }
  return result;
}

/** Parses one sitemap document of any form; never throws. */
export function parseSitemap(text: string, maxLocs: number): ParsedSitemap {
  // Blank lines before the XML declaration are a common slip seeding forgives (Scrapy does).
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).trimStart();
  if (!body.startsWith('<')) return parseTextSitemap(body, maxLocs);
  const result: ParsedSitemap = { kind: 'unknown', locs: [], truncated: false, error: null };
  const checker = new SitemapChecker({
    onUrl: (url) => {
      if (result.locs.length >= maxLocs) {
        result.truncated = true;
        return false;
      }
      result.locs.push(url);
      return undefined;
    },
  });
  let report: ReturnType<SitemapChecker['end']>;
  try {
    report = checker.write(body).end();
  } catch (err) {
    return { ...result, error: (err as Error).message };
  }
  if (report.kind === 'sitemapindex') result.kind = 'sitemapindex';
  else if (report.kind !== 'unknown') result.kind = 'urlset';
  const fatal = report.errors.find(
    (e) => e.message.startsWith('XML parsing error') || e.message.startsWith('Unknown sitemap'),
  );
  if (fatal) result.error = fatal.message;
  return result;
}
