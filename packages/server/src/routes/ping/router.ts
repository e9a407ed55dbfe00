import { AppError } from '@mapsmith/app';
import { HOUR_MS, type HttpFetcher } from '@mapsmith/core';
import type { RouteTable } from '../../http/operation-route.js';
import { crawlUrls } from '../../notify/crawl-urls.js';
import { type PingDeps, pingKeyFor, pingSearchEngines } from '../../notify/ping-service.js';
import type { Repositories } from '../../repos/ports.js';

/** Pings per user per hour: enough for real use, too few to get a site throttled by IndexNow. */
export const PINGS_PER_HOUR = 20;

/** What the ping route needs: the ping's services, the crawl repositories, a fetcher factory. */
export interface PingRouteDeps extends Omit<PingDeps, 'fetcher'> {
  repos: Repositories;
  /** Makes the SSRF-guarded fetcher of one ping; it is closed when the ping is done. */
  createFetcher: () => HttpFetcher;
}

/** `GET /api/ping-key?sitemapUrl=` and `POST /api/ping-search-engines {sitemapUrl, jobId?}` (spec §7, decisions.md). */
export function pingRoutes(deps: PingRouteDeps): RouteTable {
  return {
    // The key is shown (with a download) before the first notification, so the user can publish
    // the key file first instead of learning about it from a failed submission.
    'ping.key': ({ sitemapUrl }, { user }) => pingKeyFor(deps.siteKeys, user.id, sitemapUrl),

    // The kept answer of the crawl's last notification, so a reload shows it with its date.
    'ping.last': ({ jobId }, { user }) => deps.indexNowLog.lastForJob(user.id, jobId),

    'ping.submit': async ({ sitemapUrl, jobId }, { user }) => {
      const crawl = await crawlUrls(deps.repos, user.id, sitemapUrl, jobId);
      const { ok, rate } = await deps.repos.rates.hit(`ping:${user.id}`, PINGS_PER_HOUR, HOUR_MS);
      if (!ok) {
        throw new AppError('limit.notify', 'Too many notifications', 'Try again in an hour', {
          headers: {
            'Retry-After': String(Math.max(1, Math.ceil((rate.resetMs - Date.now()) / 1000))),
          },
        });
      }
      // A fetcher per ping: pings are rare, and nothing is left holding connections afterwards.
      const fetcher = deps.createFetcher();
      try {
        return await pingSearchEngines(
          { ...deps, fetcher },
          { userId: user.id, sitemapUrl, jobId: crawl.jobId, urls: crawl.urls },
        );
      } finally {
        await fetcher.close();
      }
    },
  };
}
