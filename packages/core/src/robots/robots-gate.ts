/**
 * The robots.txt-aware gate (RFC 9309): one robots.txt per origin, fetched with at most 5
 * redirects and read up to 500 KiB, cached 24 h. A 4xx answer allows everything; a 5xx,
 * a 429 or a network error disallows everything. Groups are matched on the MapsmithBot token.
 */
import { followRedirects } from '../net/follow-redirects.js';
import { plainFetchReason } from '../net/plain-reason.js';
import type { Clock } from '../ports/clock.js';
import { FetchError, type HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { ROBOTS_TOKEN } from '../version.js';
import { parseRobotsTxt } from './robots-txt.js';

/** The rules of one origin. */
export interface RobotsRules {
  /** Whether MapsmithBot may fetch the URL, matched as linked (path and query, RFC 9309). */
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

/**
 * The first 500 KiB, cut after the last full line: a rule split by the cap is dropped, not
 * misread, while a rule whose bytes end exactly at the cap (the next byte ends the line) stays.
 */
export function withinCap(body: Uint8Array): Uint8Array {
  if (body.byteLength <= ROBOTS_MAX_BYTES) return body;
  const next = body[ROBOTS_MAX_BYTES];
  if (next === 0x0a || next === 0x0d) return body.subarray(0, ROBOTS_MAX_BYTES);
  const head = body.subarray(0, ROBOTS_MAX_BYTES);
  const cut = Math.max(head.lastIndexOf(0x0a), head.lastIndexOf(0x0d));
  return head.subarray(0, cut + 1);
}

/** Fetches and parses one origin's robots.txt; never throws. */
export async function fetchRobots(
  origin: string,
  fetcher: HttpFetcher,
  policy: UrlPolicy,
  logger: Logger,
  signal?: AbortSignal,
): Promise<RobotsRules> {
  const outcome = await followRedirects(`${origin}/robots.txt`, {
    policy,
    maxRedirects: ROBOTS_MAX_REDIRECTS,
    // One byte past the cap tells whether the last line in the cap is complete.
    fetch: (url) => fetcher.fetch({ url, maxBodyBytes: ROBOTS_MAX_BYTES + 1, signal }),
  });
  if (outcome.kind === 'failed' || outcome.kind === 'refused') {
    const error =
      outcome.kind === 'failed' ? outcome.error : new FetchError(outcome.reason, 'EBLOCKED', false);
    logger.warn('robots.txt unreachable: everything disallowed', {
      url: outcome.finalUrl,
      error: error.message,
    });
    return { ...disallowAll(), error: `robots.txt unreachable: ${plainFetchReason(error)}` };
  }
  // RFC 9309 §2.3.1.2: more redirects than followed (or a loop, or a broken one) means the
  // file is unavailable, as a 4xx is.
  if (outcome.kind !== 'response') return allowAll();
  const res = outcome.response;
  if (res.status >= 200 && res.status < 300) {
    const robots = parseRobotsTxt(new TextDecoder().decode(withinCap(res.body)), outcome.finalUrl);
    return {
      isAllowed: (u) => robots.isAllowed(u, ROBOTS_TOKEN),
      crawlDelaySeconds: robots.crawlDelay(ROBOTS_TOKEN),
      sitemaps: robots.sitemaps,
      source: 'parsed',
    };
  }
  if (res.status === 429 || res.status >= 500) {
    logger.warn('robots.txt answered an error: everything disallowed', {
      url: outcome.finalUrl,
      status: res.status,
    });
    return disallowAll();
  }
  return allowAll();
}

/** Caches robots.txt per origin for 24 h; concurrent callers share one fetch. */
export class RobotsGate {
  private readonly cache = new Map<string, { at: number; rules: Promise<RobotsRules> }>();

  /** Creates a gate over a fetcher; `policy` is asked for every robots.txt redirect hop. */
  constructor(
    private readonly fetcher: HttpFetcher,
    private readonly policy: UrlPolicy,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** The rules that apply to `url`'s origin. */
  rulesFor(url: URL, signal?: AbortSignal): Promise<RobotsRules> {
    const hit = this.cache.get(url.origin);
    if (hit && this.clock.now() - hit.at < CACHE_MS) return hit.rules;
    const rules = fetchRobots(url.origin, this.fetcher, this.policy, this.logger, signal);
    this.cache.set(url.origin, { at: this.clock.now(), rules });
    return rules;
  }
}
