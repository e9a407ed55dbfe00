import { AppError } from '@mapsmith/app';
import {
  createHttpFetcher,
  downloadSitemapBytes,
  HOUR_MS,
  SITEMAP_FETCHES_PER_HOUR_PER_IP,
  SitemapDownloadError,
} from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { ConcurrencyGate } from '../../limits/concurrency-gate.js';
import { rateHeaders, retryAfter } from '../../limits/rate-headers.js';
import { writeContentJson } from './content-json.js';

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

/**
 * `GET /api/fetch-sitemap?url=`: the checker's server-side fetch, open to anonymous visitors,
 * limited per IP per rolling hour and in concurrency (`ConcurrencyGate`: 2 at once, 2 per
 * client, 8 waiting; more answer 429 `checker.busy` with Retry-After), behind the crawler's
 * SSRF guard. Answers `{content}`, streamed from the downloaded bytes.
 */
export function fetchSitemapRoutes(ctx: AppContext): RouteTable {
  const policy = ctx.policy;
  const gate = new ConcurrencyGate(
    CHECKER_FETCHES_AT_ONCE,
    CHECKER_FETCHES_PER_CLIENT,
    CHECKER_FETCHES_WAITING,
  );

  async function fetchOne(
    ip: string | undefined,
    url: string,
  ): Promise<{ bytes: Uint8Array; headers: Record<string, string> }> {
    const hit = await ctx.repos.rates.hit(
      `fetch-sitemap:${ip ?? 'unknown'}`,
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
    // A fetcher per request: checker fetches are rare, and nothing stays open afterwards.
    const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 1 });
    try {
      return { bytes: await downloadSitemapBytes({ fetcher, policy }, url), headers };
    } catch (err) {
      if (err instanceof SitemapDownloadError) {
        throw new AppError(err.code, err.error, err.message, { headers: headers });
      }
      throw err;
    } finally {
      await fetcher.close().catch(() => undefined);
    }
  }

  return {
    'sitemap.fetch': async ({ url }, { req, signal }) => {
      // Before the hourly count: a request refused for load must not spend the client's quota.
      const slot = await gate.acquire(req.ip ?? 'unknown', signal);
      if (!slot.ok) {
        throw new AppError(
          'checker.busy',
          'Checker busy',
          'Too many sitemap checks are running; please try again in a few seconds',
          { headers: { 'Retry-After': String(BUSY_RETRY_SECONDS) } },
        );
      }
      // The slot is held until the answer is written: escaping 50 MB is the costly part.
      let fetched: Awaited<ReturnType<typeof fetchOne>>;
      try {
        fetched = await fetchOne(req.ip, url);
      } catch (err) {
        slot.release();
        throw err;
      }
      const { bytes, headers } = fetched;
      return HttpResult.write({ ...headers, 'Cache-Control': 'no-store' }, async (res) => {
        try {
          await writeContentJson(res, bytes);
        } finally {
          slot.release();
        }
      });
    },
  };
}
