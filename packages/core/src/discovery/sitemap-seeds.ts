/**
 * Seeds the frontier from a site's sitemaps: the robots.txt `Sitemap:` lines, else
 * `/sitemap.xml`; index files are followed breadth-first, bounded in files, depth, URLs and
 * bytes; gzipped sitemaps are inflated with the same byte cap. Never throws.
 */
import { followRedirects } from '../net/follow-redirects.js';
import { gunzipIfGzip } from '../net/gunzip-capped.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';

/** Bounds of sitemap seeding. */
export interface SitemapSeedLimits {
  /** Sitemap files fetched at most (default 50). */
  maxFiles: number;
  /** Index nesting followed (default 2). */
  maxDepth: number;
  /** Page URLs returned at most. */
  maxUrls: number;
  /** Decoded bytes per file (default 50 MiB, the sitemaps.org limit). */
  maxBytes: number;
}

/** Redirects followed per sitemap file, as many as the crawler follows for a page. */
const SITEMAP_MAX_REDIRECTS = 5;

const DEFAULT_LIMITS: SitemapSeedLimits = {
  maxFiles: 50,
  maxDepth: 2,
  maxUrls: 50_000,
  maxBytes: 50 * 1024 * 1024,
};

/**
 * Fetches a sitemap URL's text, following up to 5 redirects (each asked of the policy),
 * gzip inflated within `maxBytes`; null when unusable (refused, an HTTP error, a loop, too many
 * or a broken redirect). Throws the FetchError of a failed fetch. Any form is returned (XML,
 * RSS, text): the parser decides. Crawl seeding reads through it.
 */
export async function fetchSitemapText(
  url: string,
  fetcher: HttpFetcher,
  policy: UrlPolicy,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<string | null> {
  const bytes = await fetchSitemapBytes(url, fetcher, policy, maxBytes, signal);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

/**
 * `fetchSitemapText` without the decode: the (inflated) bytes, for a reader that parses them
 * in turns (the live sitemap comparison). Gzip is inflated off the event loop.
 */
export async function fetchSitemapBytes(
  url: string,
  fetcher: HttpFetcher,
  policy: UrlPolicy,
  maxBytes: number,
  signal?: AbortSignal,
): Promise<Uint8Array | null> {
  const outcome = await followRedirects(url, {
    policy,
    maxRedirects: SITEMAP_MAX_REDIRECTS,
    fetch: (hop) => fetcher.fetch({ url: hop, maxBodyBytes: maxBytes, signal }),
  });
  if (outcome.kind === 'failed') throw outcome.error;
  if (outcome.kind !== 'response' || outcome.response.status !== 200) return null;
  return gunzipIfGzip(outcome.response.body, maxBytes);
}

/**
 * Returns the page URLs the sitemaps list (as written; the caller normalizes and scopes them).
 * `declared` are robots.txt `Sitemap:` URLs; without them `<origin>/sitemap.xml` is tried.
 */
export async function sitemapSeeds(
  origin: string,
  declared: string[],
  deps: { fetcher: HttpFetcher; policy: UrlPolicy; logger: Logger },
  limits: Partial<SitemapSeedLimits> = {},
  signal?: AbortSignal,
): Promise<string[]> {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  const starts = declared.length ? declared : [`${origin}/sitemap.xml`];
  const seen = new Set<string>();
  let level: string[] = [...new Set(starts)];
  const urls: string[] = [];
  for (let depth = 0; depth <= lim.maxDepth && level.length && urls.length < lim.maxUrls; depth++) {
    const next: string[] = [];
    for (const file of level) {
      if (seen.has(file) || seen.size >= lim.maxFiles || signal?.aborted) continue;
      seen.add(file);
      let text: string | null = null;
      try {
        text = await fetchSitemapText(file, deps.fetcher, deps.policy, lim.maxBytes, signal);
      } catch (err) {
        deps.logger.warn('sitemap unreachable', { url: file, error: (err as Error).message });
      }
      if (text === null) continue;
      // The parser (and the sitemap checker it brings) loads only for a site with a sitemap.
      const { parseSitemap } = await import('./sitemap-parser.js');
      const parsed = parseSitemap(text, lim.maxUrls - urls.length);
      if (parsed.error)
        deps.logger.warn('sitemap is malformed', { url: file, error: parsed.error });
      if (parsed.kind === 'sitemapindex') for (const loc of parsed.locs) next.push(loc);
      else if (parsed.kind === 'urlset') for (const loc of parsed.locs) urls.push(loc);
      if (urls.length >= lim.maxUrls) break;
    }
    level = next;
  }
  // Also try /sitemap.xml when robots.txt declared others: sites often keep both.
  if (declared.length && !seen.has(`${origin}/sitemap.xml`) && urls.length < lim.maxUrls) {
    const extra = await sitemapSeeds(
      origin,
      [],
      deps,
      {
        ...lim,
        maxUrls: lim.maxUrls - urls.length,
        maxFiles: Math.max(1, lim.maxFiles - seen.size),
      },
      signal,
    );
    for (const url of extra) urls.push(url);
  }
  return urls;
}
