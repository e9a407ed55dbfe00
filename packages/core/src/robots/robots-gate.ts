/**
 * The robots.txt-aware gate (RFC 9309): one robots.txt per origin, fetched with at most 5
 * redirects and read up to 500 KiB, cached 24 h. A 4xx answer allows everything; a 5xx,
 * a 429 or a network error disallows everything. Groups are matched on the MapsmithBot token.
 */
import robotsParserModule from 'robots-parser';
import { plainFetchReason } from '../net/plain-reason.js';
import type { Clock } from '../ports/clock.js';
import { FetchError, type HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import { ROBOTS_TOKEN } from '../version.js';

interface ParsedRobots {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
}

// robots-parser is CommonJS whose typings claim an ES default export; under NodeNext the
// function is the module itself.
const robotsParser = ((robotsParserModule as unknown as { default?: unknown }).default ??
  robotsParserModule) as unknown as (url: string, text: string) => ParsedRobots;

/** The rules of one origin. */
export interface RobotsRules {
  /** Whether MapsmithBot may fetch the URL. */
  isAllowed(url: string): boolean;
  /** MapsmithBot's Crawl-delay in seconds, when set. */
  crawlDelaySeconds: number | undefined;
  /** The `Sitemap:` URLs. */
  sitemaps: string[];
  /** How the file answered, for the log and reports. */
  source: 'parsed' | 'allow-all' | 'disallow-all';
  /** The network error when robots.txt could not be fetched at all (the site is unreachable). */
  error?: string;
}

/** Limits of the robots.txt fetch (RFC 9309 §2.5: at least 500 KiB must be parsed). */
export const ROBOTS_MAX_BYTES = 500 * 1024;
const ROBOTS_MAX_REDIRECTS = 5;
const CACHE_MS = 24 * 60 * 60 * 1000;

const allowAll = (): RobotsRules => ({
  isAllowed: () => true,
  crawlDelaySeconds: undefined,
  sitemaps: [],
  source: 'allow-all',
});
const disallowAll = (): RobotsRules => ({
  isAllowed: () => false,
  crawlDelaySeconds: undefined,
  sitemaps: [],
  source: 'disallow-all',
});

/** Fetches and parses one origin's robots.txt; never throws. */
export async function fetchRobots(
  origin: string,
  fetcher: HttpFetcher,
  logger: Logger,
  signal?: AbortSignal,
): Promise<RobotsRules> {
  let url = `${origin}/robots.txt`;
  for (let hop = 0; hop <= ROBOTS_MAX_REDIRECTS; hop++) {
    let res: Awaited<ReturnType<HttpFetcher['fetch']>>;
    try {
      res = await fetcher.fetch({ url, maxBodyBytes: ROBOTS_MAX_BYTES, signal });
    } catch (err) {
      logger.warn('robots.txt unreachable: everything disallowed', {
        url,
        error: (err as Error).message,
      });
      const reason = err instanceof FetchError ? plainFetchReason(err) : 'the connection failed';
      return { ...disallowAll(), error: `robots.txt unreachable: ${reason}` };
    }
    if (res.status >= 300 && res.status < 400 && res.headers.location) {
      try {
        url = new URL(res.headers.location, url).href;
      } catch {
        return allowAll();
      }
      continue;
    }
    if (res.status >= 200 && res.status < 300) {
      // Cut at the last full line: a rule split by the 500 KiB cap is dropped, not misread.
      let text = new TextDecoder().decode(res.body);
      if (res.truncated) text = text.slice(0, text.lastIndexOf('\n') + 1);
      const robots = robotsParser(url, text);
      const base = `${origin}/robots.txt`;
      const parsedForOrigin =
        robots.isAllowed(`${origin}/`, ROBOTS_TOKEN) !== undefined
          ? robots
          : robotsParser(base, text);
      return {
        isAllowed: (u) => parsedForOrigin.isAllowed(u, ROBOTS_TOKEN) !== false,
        crawlDelaySeconds: parsedForOrigin.getCrawlDelay(ROBOTS_TOKEN),
        sitemaps: robots.getSitemaps(),
        source: 'parsed',
      };
    }
    if (res.status === 429 || res.status >= 500) {
      logger.warn('robots.txt answered an error: everything disallowed', {
        url,
        status: res.status,
      });
      return disallowAll();
    }
    return allowAll();
  }
  // RFC 9309 §2.3.1.2: more redirects than followed means the file is unavailable (4xx).
  return allowAll();
}

/** Caches robots.txt per origin for 24 h; concurrent callers share one fetch. */
export class RobotsGate {
  private readonly cache = new Map<string, { at: number; rules: Promise<RobotsRules> }>();

  /** Creates a gate over a fetcher. */
  constructor(
    private readonly fetcher: HttpFetcher,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The rules that apply to `url`'s origin. */
  rulesFor(url: URL, signal?: AbortSignal): Promise<RobotsRules> {
    const hit = this.cache.get(url.origin);
    if (hit && this.clock.now() - hit.at < CACHE_MS) return hit.rules;
    const rules = fetchRobots(url.origin, this.fetcher, this.logger, signal);
    this.cache.set(url.origin, { at: this.clock.now(), rules });
    return rules;
  }
}
