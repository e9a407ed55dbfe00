/**
 * Reads a site's own sitemaps as they are live (issue 14, point 2): the robots.txt `Sitemap:`
 * lines and `/sitemap.xml`, indexes followed, XML, text and RSS/Atom forms, each entry with the
 * file that listed it and its `<lastmod>`. Every download goes through crawl seeding's
 * `fetchSitemapBytes` on the guarded fetcher (gzip inflated off the event loop); every file is
 * parsed by the checker's streaming parser in short turns (`readSitemapInTurns`), under one
 * byte and URL budget for the whole comparison (issue 30, point 8). Bounded; never throws.
 */
import { SitemapBudget } from '../discovery/sitemap-budget.js';
import { fetchSitemapBytes } from '../discovery/sitemap-seeds.js';
import { readSitemapInTurns } from '../discovery/sitemap-turns.js';
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
  /** Why the reading stopped early (the byte or URL budget), in plain words; null otherwise. */
  cut: string | null;
}

/**
 * Bounds of the live read: files, index depth, and over every file together the page entries
 * and the decompressed bytes (50 gzipped files of 49 MB each once took 58 s and 2.7 GiB).
 */
export const LIVE_SITEMAP_LIMITS = {
  maxFiles: 50,
  maxDepth: 2,
  maxUrls: 200_000,
  maxBytes: 52_428_800,
} as const;

/** The bounds `readLiveSitemaps` reads under. */
export type LiveSitemapLimits = { [K in keyof typeof LIVE_SITEMAP_LIMITS]: number };

/** Reads one file's entries (or an index's children) in turns, within the budget's URLs. */
async function readFile(
  bytes: Uint8Array,
  file: string,
  budget: SitemapBudget,
  children: string[],
  entries: LiveSitemapEntry[],
): Promise<LiveSitemapFile> {
  let listed = 0;
  const read = await readSitemapInTurns(bytes, {
    sitemapUrl: file,
    onUrl: (url, kind, lastmod) => {
      if (kind === 'sitemapindex') children.push(url);
      else if (!budget.takeUrl()) return false;
      else entries.push({ url, sitemap: file, lastmod: lastmod ?? null });
      listed++;
      return undefined;
    },
  });
  return { url: file, kind: read.kind, entries: listed, error: null };
}

/** Why a file could not be fetched, in plain words. */
function fetchFailure(err: unknown): string {
  return err instanceof FetchError
    ? `it could not be fetched (${plainFetchReason(err)})`
    : 'it could not be read (too large, or broken gzip)';
}

/** Reads the live sitemaps of `origin` through the guarded fetcher. */
export async function readLiveSitemaps(
  origin: string,
  deps: { fetcher: HttpFetcher; policy: UrlPolicy; logger: Logger },
  bounds: Partial<LiveSitemapLimits> = {},
  signal?: AbortSignal,
): Promise<LiveSitemaps> {
  const limits = { ...LIVE_SITEMAP_LIMITS, ...bounds };
  const robots = await fetchRobots(origin, deps.fetcher, deps.policy, deps.logger, signal);
  const starts = [...new Set([...robots.sitemaps, `${origin}/sitemap.xml`])];
  const result: LiveSitemaps = { files: [], entries: [], truncated: false, cut: null };
  const budget = new SitemapBudget(limits);
  const seen = new Set<string>();
  let level = starts;
  for (let depth = 0; depth <= limits.maxDepth && level.length > 0 && !budget.cut; depth++) {
    const next: string[] = [];
    for (const file of level) {
      if (seen.has(file) || signal?.aborted) continue;
      if (seen.size >= limits.maxFiles) {
        result.truncated = true;
        break;
      }
      seen.add(file);
      let bytes: Uint8Array | null = null;
      let error = 'no sitemap at this address (an HTTP error or too many redirects)';
      try {
        bytes = await fetchSitemapBytes(
          file,
          deps.fetcher,
          deps.policy,
          SITEMAP_FETCH_LIMITS.maxBytes,
          signal,
        );
      } catch (err) {
        error = fetchFailure(err);
      }
      if (bytes === null) {
        result.files.push({ url: file, kind: 'unknown', entries: 0, error });
        continue;
      }
      if (!budget.takeFile(file, bytes.length)) break;
      result.files.push(await readFile(bytes, file, budget, next, result.entries));
      if (budget.cut) break;
    }
    level = next;
  }
  result.cut = budget.cut;
  if (budget.cut) result.truncated = true;
  return result;
}
