import type { SiteAuth } from './site-auth.js';
import type { RenderMode, ScopeMode } from './types.js';

/**
 * A response slower than this is "slow" (ms): the SEO rule `slow-responses` counts such pages,
 * and the progress panel says it waits for slow pages while fetches run longer.
 */
export const SLOW_RESPONSE_MS = 1000;

/** What a caller sets for one crawl. Every bound has a default (see `DEFAULT_CRAWL_OPTIONS`). */
export interface CrawlOptions {
  /** Absolute http(s) URL the crawl starts from. */
  startUrl: string;
  /** Stop after this many recorded pages (the plan's page cap). */
  maxPages: number;
  /**
   * Links farther than this from the start URL are not followed. The default is no practical
   * limit: a sitemap wants every page, and the page cap and trap bounds already bound the work.
   */
  maxDepth: number;
  /** When to render pages in headless Chromium. */
  render: RenderMode;
  /** Requests in flight across all hosts. */
  concurrency: number;
  /** Requests in flight per host. */
  perHostConcurrency: number;
  /** Minimum delay between two requests to one host, in ms (robots `Crawl-delay` raises it). */
  politenessDelayMs: number;
  /** Which URLs belong to the site. */
  scope: ScopeMode;
  /** Only URLs matching one of these patterns (glob with `*`, or `/regex/`) are crawled. */
  include: string[];
  /** URLs matching one of these patterns are neither crawled nor listed. */
  exclude: string[];
  /** Follow `rel=nofollow` links too. */
  followNofollow: boolean;
  /** List URLs that carry a query string; when false they are crawled but not listed. */
  listQueryUrls: boolean;
  /** Seed the frontier from robots.txt `Sitemap:` lines and `/sitemap.xml`. */
  useSitemaps: boolean;
  /** Wall-clock limit of the whole crawl, in ms. */
  timeLimitMs: number;
  /** URLs longer than this are pruned. */
  maxUrlLength: number;
  /** At most this many identical path segments in a row. */
  maxRepeatedSegments: number;
  /** At most this many distinct query strings per path. */
  maxQueryVariants: number;
  /** At most this many occurrences of one path segment anywhere in a path (`/a/x/a/x/a`). */
  maxSegmentOccurrences: number;
  /** At most this many path segments in a URL (deeper paths are a trap's signature). */
  maxPathSegments: number;
  /**
   * At most this many distinct URLs per path template: the path with every segment that holds a
   * digit (dates, ids, session tokens) and every query value replaced by `*` (`trap-bounds.ts`).
   */
  maxUrlsPerTemplate: number;
  /**
   * At most this many URLs in one crawl's frontier (rows queued, crawled or leased): past it new
   * links are left out, the queue is crawled to its end, and the crawl ends `frontier-limit`.
   */
  maxFrontierUrls: number;
  /**
   * At most this many bytes stored by one crawl (page records, frontier and link rows, as the
   * crawler measures them; the database file grows about twice that, with its report columns
   * and indexes): past it the crawl ends at once, `storage-limit`.
   */
  maxStoredBytes: number;
  /** Decoded body cap per response, in bytes. */
  maxBodyBytes: number;
  /** Redirect hops followed per URL. */
  maxRedirects: number;
  /** Retries for 429, 5xx and network errors (a timed-out try is retried once at most). */
  maxRetries: number;
  /**
   * How long one try of a page may take (connection, headers and body), in ms: past it the page
   * "timed out", its own verdict, never a broken link.
   */
  pageTimeoutMs: number;
  /**
   * The limit of the one retry a timed-out page gets, in ms (at most `pageTimeoutMs`): a slow
   * page costs about one timeout plus this short retry, not a timeout per retry.
   */
  timeoutRetryMs: number;
  /** Allow loopback targets. Only tests and local fixture sites set this; never production. */
  allowLoopback: boolean;
  /**
   * Credentials of a staging site (basic auth, extra headers), sent only to the crawl's own
   * site by the scope rule (`site-auth.ts`); absent for an ordinary crawl.
   */
  siteAuth?: SiteAuth;
}

/**
 * Defaults, from the crawler issue and decisions.md's trap bounds: the one place each default is
 * decided (a shell may set the growth bounds: the server's `MAPSMITH_MAX_FRONTIER_URLS`,
 * `MAPSMITH_MAX_CRAWL_MB`, the CLI's `--max-frontier-urls`, `--max-storage-mb`). The growth
 * bounds are there to end a link trap long before the disk fills (issue 30 point 2: a trap grew
 * 5.9 MiB/s without them), not to size a real site: they do not cover the engineering cap of
 * 1,000,000 pages. Measured: 1,000,000 generated pages of ~12 internal links each
 * (`bench:crawl`) store ~1.6 KB a page as the crawler measures, so `maxStoredBytes` (1 GiB)
 * ends such a crawl at ~660,000 pages (pages of real sites, with menus, link to far more); a
 * bigger site needs the bound raised, which each shell lets its operator or user do.
 */
export const DEFAULT_CRAWL_OPTIONS: Omit<CrawlOptions, 'startUrl'> = {
  maxPages: 100,
  maxDepth: 1_000_000,
  render: 'auto',
  concurrency: 16,
  perHostConcurrency: 8,
  politenessDelayMs: 0,
  scope: 'host',
  include: [],
  exclude: [],
  followNofollow: false,
  listQueryUrls: false,
  useSitemaps: true,
  timeLimitMs: 30 * 60 * 1000,
  maxUrlLength: 2083,
  maxRepeatedSegments: 2,
  maxQueryVariants: 50,
  maxSegmentOccurrences: 3,
  maxPathSegments: 20,
  maxUrlsPerTemplate: 10_000,
  maxFrontierUrls: 2_000_000,
  maxStoredBytes: 1024 ** 3,
  maxBodyBytes: 10 * 1024 * 1024,
  maxRedirects: 5,
  maxRetries: 2,
  pageTimeoutMs: 15_000,
  timeoutRetryMs: 3_000,
  allowLoopback: false,
};
