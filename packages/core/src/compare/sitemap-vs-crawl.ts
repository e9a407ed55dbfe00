/**
 * The live sitemap set beside a crawl (issue 14, point 2): for every URL in either, whether it
 * is in the sitemap but not indexable (with the crawl's reason), in the sitemap but never
 * linked (an orphan), indexable and linked but missing from the sitemap, listed more than once
 * (within a file or across files), or given a lastmod newer than the page's content change.
 * URLs are matched by the crawler's normalized key.
 */
import type { SitemapFinding, SitemapFlag } from '../contract/sitemap-compare-schemas.js';
import { urlKey } from '../crawler/url-key.js';
import type { LiveSitemapEntry } from './live-sitemaps.js';

/** What the comparison needs of one crawled URL. */
export interface CrawledUrl {
  url: string;
  /** `listed` or the crawl's exclusion code. */
  reason: string;
  /** The crawl's verdict in words ("noindex", "301 → /x"). */
  verdict: string;
  /** Distinct pages linking here. */
  inlinks: number;
  /** How the crawl first found it (`start`, `link`, `sitemap`, ...). */
  foundVia: string;
  /**
   * When the page's content last changed, as the crawl's record holds it (ISO), or null: the
   * honest lastmod the change report wrote (issue 13: the previous date while the main text's
   * fingerprint is unchanged) when an earlier crawl of the site exists, else `Last-Modified`.
   */
  lastModified: string | null;
}

/** The date the page's content last changed, as far as the crawl knows (see `lastModified`). */
export function contentChangeOf(page: CrawledUrl): string | null {
  return page.lastModified;
}

/** Lastmod more than this ahead of the content change counts as newer (time-zone slack). */
const LASTMOD_SLACK_MS = 24 * 60 * 60 * 1000;

function time(text: string | null): number | null {
  if (!text) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

/** Compares the live sitemap entries with the crawl's URLs; one finding per URL with a flag. */
export function compareSitemapWithCrawl(
  entries: LiveSitemapEntry[],
  crawled: Iterable<CrawledUrl>,
): SitemapFinding[] {
  const listed = new Map<string, { url: string; sitemaps: string[]; lastmod: string | null }>();
  for (const e of entries) {
    const key = urlKey(e.url) ?? e.url;
    const seen = listed.get(key);
    if (seen) {
      seen.sitemaps.push(e.sitemap);
      seen.lastmod ??= e.lastmod;
    } else listed.set(key, { url: e.url, sitemaps: [e.sitemap], lastmod: e.lastmod });
  }
  const findings: SitemapFinding[] = [];
  const met = new Set<string>();
  for (const page of crawled) {
    const key = urlKey(page.url) ?? page.url;
    met.add(key);
    const entry = listed.get(key);
    const flags: SitemapFlag[] = [];
    const linked = page.inlinks > 0 || page.foundVia === 'start';
    if (entry) {
      if (page.reason !== 'listed') flags.push('not-indexable');
      if (!linked) flags.push('orphan');
      if (entry.sitemaps.length > 1) flags.push('duplicate');
      const claimed = time(entry.lastmod);
      const changed = time(contentChangeOf(page));
      if (claimed !== null && changed !== null && claimed > changed + LASTMOD_SLACK_MS)
        flags.push('lastmod-newer');
    } else if (page.reason === 'listed' && linked) flags.push('missing');
    findings.push({
      url: page.url,
      inSitemap: entry !== undefined,
      flags,
      crawlVerdict: page.verdict,
      sitemaps: entry ? [...new Set(entry.sitemaps)] : [],
      listedTimes: entry?.sitemaps.length ?? 0,
      lastmod: entry?.lastmod ?? null,
      contentChanged: contentChangeOf(page),
    });
  }
  for (const [key, entry] of listed) {
    if (met.has(key)) continue;
    // Listed but never met by the crawl: no page links to it (the crawl also reads sitemaps,
    // so this is one its bounds left out, or a URL out of its scope).
    const flags: SitemapFlag[] = ['orphan'];
    if (entry.sitemaps.length > 1) flags.push('duplicate');
    findings.push({
      url: entry.url,
      inSitemap: true,
      flags,
      crawlVerdict: null,
      sitemaps: [...new Set(entry.sitemaps)],
      listedTimes: entry.sitemaps.length,
      lastmod: entry.lastmod,
      contentChanged: null,
    });
  }
  return findings;
}
