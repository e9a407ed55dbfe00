import type { RouteTable } from '../../http/operation-route.js';
import { pingKeyFor } from '../../notify/ping-service.js';
import { type SubmitPingDeps, submitPing } from '../../notify/submit-ping.js';

/** What the ping route needs: the ping's services, the crawl repositories, a fetcher factory. */
export type PingRouteDeps = SubmitPingDeps;

/** `GET /api/ping-key?sitemapUrl=` and `POST /api/ping-search-engines {sitemapUrl, jobId?}` (spec §7, decisions.md). */
export function pingRoutes(deps: PingRouteDeps): RouteTable {
  return {
    // The key is shown (with a download) before the first notification, so the user can publish
    // the key file first instead of learning about it from a failed submission.
    'ping.key': ({ sitemapUrl }, { user }) => pingKeyFor(deps.siteKeys, user.id, sitemapUrl),

    // The kept answer of the crawl's last notification, so a reload shows it with its date.
    'ping.last': ({ jobId }, { user }) => deps.indexNowLog.lastForJob(user.id, jobId),

    'ping.submit': ({ sitemapUrl, jobId }, { user }) =>
      submitPing(deps, { userId: user.id, sitemapUrl, jobId }),
  };
}
