/**
 * Reads a site's own sitemaps as they are live (issue 14, point 2): the robots.txt `Sitemap:`
 * lines and `/sitemap.xml`, indexes followed, XML, text and RSS/Atom forms, each entry with the
 * file that listed it and its `<lastmod>`. Every download goes through crawl seeding's
 * `fetchSitemapText` on the guarded fetcher; parsing is the checker's streaming parser (text
 * sitemaps through the seeding parser), as crawl seeding does. Bounded; never throws.
 */
import { SitemapChecker } from '../checker/sitemap-checker.js';
import { parseSitemap } from '../discovery/sitemap-parser.js';
import { fetchSitemapText } from '../discovery/sitemap-seeds.js';
import { plainFetchReason } from '../net/plain-reason.js';
import { SITEMAP_FETCH_LIMITS } from '../net/sitemap-download.js';
import { FetchError, type HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { fetchRobots } from '../robots/robots-gate.js';

/** One `<loc>` as a live sitemap lists it. */
export interface LiveSitemapEntry {
  url: string;
  /** The file that listed it. */
  sitemap: string;
  /** Its `<lastmod>` text, when it has one. */
  lastmod: string | null;
}

/** One sitemap file read (or not). */
export interface LiveSitemapFile {
  url: string;
  /** `urlset` (pages), `sitemapindex` (children) or `unknown`. */
  kind: 'urlset' | 'sitemapindex' | 'unknown';
  /** Entries it listed. */
  entries: number;
  /** Why it could not be read, in plain words; null when it was. */
  error: string | null;
}

/** Every live sitemap of a site, read. */
export interface LiveSitemaps {
  files: LiveSitemapFile[];
  /** Page entries in reading order, repeats kept (a URL listed twice is a finding). */
  entries: LiveSitemapEntry[];
  /** True when a bound stopped the reading. */
  truncated: boolean;
}

/** Bounds of the live read. */
export const LIVE_SITEMAP_LIMITS = { maxFiles: 50, maxDepth: 2, maxUrls: 200_000 } as const;

/** Reads one file's entries, with `<lastmod>`; a text sitemap has no lastmod. */
function entriesOf(
  text: string,
  file: string,
  room: number,
): { kind: LiveSitemapFile['kind']; entries: LiveSitemapEntry[]; truncated: boolean } {
  const entries: LiveSitemapEntry[] = [];
  if (!text.trimStart().startsWith('<')) {
    const parsed = parseSitemap(text, room);
    return {
      kind: 'urlset',
      entries: parsed.locs.map((url) => ({ url, sitemap: file, lastmod: null })),
      truncated: parsed.truncated,
    };
  }
  let truncated = false;
  const checker = new SitemapChecker({
    sitemapUrl: file,
    onUrl: (url, _kind, lastmod) => {
      if (entries.length >= room) {
        truncated = true;
        return false;
      }
      entries.push({ url, sitemap: file, lastmod: lastmod ?? null });
      return undefined;
    },
  });
  let kind: LiveSitemapFile['kind'] = 'unknown';
  try {
    const report = checker.write(text).end();
    kind =
      report.kind === 'sitemapindex'
        ? 'sitemapindex'
        : report.kind === 'unknown'
          ? 'unknown'
          : 'urlset';
  } catch {
    // A file cut short keeps the entries read before the break.
  }
  return { kind, entries, truncated };
}

/** Reads the live sitemaps of `origin` through the guarded fetcher. */
export async function readLiveSitemaps(
  origin: string,
  deps: { fetcher: HttpFetcher; policy: UrlPolicy; logger: Logger },
  limits: { maxFiles: number; maxDepth: number; maxUrls: number } = LIVE_SITEMAP_LIMITS,
  signal?: AbortSignal,
): Promise<LiveSitemaps> {
  const robots = await fetchRobots(origin, deps.fetcher, deps.policy, deps.logger, signal);
  const starts = [...new Set([...robots.sitemaps, `${origin}/sitemap.xml`])];
  const result: LiveSitemaps = { files: [], entries: [], truncated: false };
  const seen = new Set<string>();
  let level = starts;
  for (let depth = 0; depth <= limits.maxDepth && level.length > 0; depth++) {
    const next: string[] = [];
    for (const file of level) {
      if (seen.has(file) || signal?.aborted) continue;
      if (seen.size >= limits.maxFiles) {
        result.truncated = true;
        break;
      }
      seen.add(file);
      let text: string | null = null;
      let error = 'no sitemap at this address (an HTTP error or too many redirects)';
      try {
        text = await fetchSitemapText(
          file,
          deps.fetcher,
          deps.policy,
          SITEMAP_FETCH_LIMITS.maxBytes,
          signal,
        );
      } catch (err) {
        error =
          err instanceof FetchError
            ? `it could not be fetched (${plainFetchReason(err)})`
            : 'it could not be read (too large, or broken gzip)';
      }
      if (text === null) {
        result.files.push({ url: file, kind: 'unknown', entries: 0, error });
        continue;
      }
      const room = limits.maxUrls - result.entries.length;
      const read = entriesOf(text, file, room);
      result.files.push({ url: file, kind: read.kind, entries: read.entries.length, error: null });
      if (read.truncated) result.truncated = true;
      if (read.kind === 'sitemapindex') next.push(...read.entries.map((e) => e.url));
      else result.entries.push(...read.entries);
    }
    level = next;
  }
  return result;
}
