import { AppError, type Repositories, retryAfter } from '@mapsmith/app';
import { HOUR_MS, type HttpFetcher, type PingResult } from '@mapsmith/core';
import { crawlUrls } from './crawl-urls.js';
import { type PingDeps, pingSearchEngines } from './ping-service.js';

/** Pings per user per hour: enough for real use, too few to get a site throttled by IndexNow. */
export const PINGS_PER_HOUR = 20;

/** What a ping needs: the ping's services, the crawl repositories, a fetcher factory. */
export interface SubmitPingDeps extends Omit<PingDeps, 'fetcher'> {
  repos: Repositories;
  /** Makes the SSRF-guarded fetcher of one ping; it is closed when the ping is done. */
  createFetcher: () => HttpFetcher;
}

/**
 * `ping.submit`: the crawl's URLs (`crawlUrls`) announced for the sitemap's site, at most
 * `PINGS_PER_HOUR` a user (`limit.notify` with Retry-After past them).
 */
export async function submitPing(
  deps: SubmitPingDeps,
  request: { userId: number; sitemapUrl: string; jobId?: string },
): Promise<PingResult> {
  const { userId, sitemapUrl } = request;
  const crawl = await crawlUrls(deps.repos, userId, sitemapUrl, request.jobId);
  const { ok, rate } = await deps.repos.rates.hit(`ping:${userId}`, PINGS_PER_HOUR, HOUR_MS);
  if (!ok) {
    throw new AppError('limit.notify', 'Too many notifications', 'Try again in an hour', {
      headers: retryAfter(rate, Date.now()),
    });
  }
  // A fetcher per ping: pings are rare, and nothing is left holding connections afterwards.
  const fetcher = deps.createFetcher();
  try {
    return await pingSearchEngines(
      { ...deps, fetcher },
      { userId, sitemapUrl, jobId: crawl.jobId, urls: crawl.urls },
    );
  } finally {
    await fetcher.close();
  }
}
