import {
  createHttpFetcher,
  downloadSitemapBytes,
  HOUR_MS,
  SITEMAP_FETCHES_PER_HOUR_PER_IP,
  SitemapDownloadError,
  type UrlPolicy,
} from '@mapsmith/core';
import type { RateLimiter } from '../crawl/ports.js';
import { AppError } from '../errors.js';
import { ConcurrencyGate } from '../limits/concurrency-gate.js';
import { rateHeaders, retryAfter } from '../limits/rate-headers.js';

/**
 * Checker downloads running at once, server-wide: with 50 MB each, at most 100 MB of bodies.
 * Each one keeps a core busy while its answer is escaped and written (about 0.4 s of CPU per
 * 45 MB), so more than two at once on a small server only slows the rest, /api/health included.
 */
export const CHECKER_FETCHES_AT_ONCE = 2;
/** Checker downloads one client address may run or wait for at once. */
export const CHECKER_FETCHES_PER_CLIENT = 2;
/** Downloads waiting for a slot before further ones are refused. */
export const CHECKER_FETCHES_WAITING = 8;
/** What a refused client is asked to wait, in seconds. */
const BUSY_RETRY_SECONDS = 5;

/** A downloaded sitemap, its rate headers, and the slot to release once its answer is written. */
export interface CheckerFetched {
  bytes: Uint8Array;
  headers: Record<string, string>;
  release: () => void;
}

/**
 * The checker's server-side fetch (`sitemap.fetch`), open to anonymous visitors: limited per
 * client per rolling hour (`limit.sitemap-fetch`) and in concurrency (`ConcurrencyGate`: 2 at
 * once, 2 per client, 8 waiting; more are refused `checker.busy`), behind the crawler's SSRF
 * guard. The slot is held until the caller releases it: writing the answer is the costly part.
 */
export class CheckerFetches {
  private readonly gate = new ConcurrencyGate(
    CHECKER_FETCHES_AT_ONCE,
    CHECKER_FETCHES_PER_CLIENT,
    CHECKER_FETCHES_WAITING,
  );

  constructor(private readonly deps: { rates: RateLimiter; policy: UrlPolicy }) {}

  /** Downloads `url` for `client` (its address), holding a slot the caller releases. */
  async fetch(client: string, url: string, signal?: AbortSignal): Promise<CheckerFetched> {
    // Before the hourly count: a request refused for load must not spend the client's quota.
    const slot = await this.gate.acquire(client, signal);
    if (!slot.ok) {
      throw new AppError(
        'checker.busy',
        'Checker busy',
        'Too many sitemap checks are running; please try again in a few seconds',
        { headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) } },
      );
    }
    try {
      return { ...(await this.download(client, url)), release: slot.release };
    } catch (err) {
      slot.release();
      throw err;
    }
  }

  private async download(client: string, url: string) {
    const hit = await this.deps.rates.hit(
      `fetch-sitemap:${client}`,
      SITEMAP_FETCHES_PER_HOUR_PER_IP,
      HOUR_MS,
    );
    const headers = rateHeaders(hit.rate);
    if (!hit.ok) {
      throw new AppError(
        'limit.sitemap-fetch',
        'Too many requests',
        `The checker fetches at most ${SITEMAP_FETCHES_PER_HOUR_PER_IP} sitemaps per hour; please try again later`,
        { headers: { ...headers, ...retryAfter(hit.rate, Date.now()) } },
      );
    }
    const { policy } = this.deps;
    // A fetcher per request: checker fetches are rare, and nothing stays open afterwards.
    const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 1 });
    try {
      return { bytes: await downloadSitemapBytes({ fetcher, policy }, url), headers };
    } catch (err) {
      if (err instanceof SitemapDownloadError)
        throw new AppError(err.code, err.error, err.message, { headers });
      throw err;
    } finally {
      await fetcher.close().catch(() => undefined);
    }
  }
}
