import { HOUR_MS, type HttpFetcher, operations } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { crawlUrls } from '../../notify/crawl-urls.js';
import { type PingDeps, pingKeyFor, pingSearchEngines } from '../../notify/ping-service.js';
import type { Repositories } from '../../repos/types.js';

/** Pings per user per hour: enough for real use, too few to get a site throttled by IndexNow. */
export const PINGS_PER_HOUR = 20;

/** What the ping route needs: the ping's services, the crawl repositories, a fetcher factory. */
export interface PingRouteDeps extends Omit<PingDeps, 'fetcher'> {
  repos: Repositories;
  /** Makes the SSRF-guarded fetcher of one ping; it is closed when the ping is done. */
  createFetcher: () => HttpFetcher;
}

/** `GET /api/ping-key?sitemapUrl=` and `POST /api/ping-search-engines {sitemapUrl, jobId?}` (spec §7, decisions.md). */
export function pingRouter(deps: PingRouteDeps): Router {
  const router = Router();
  // The key is shown (with a download) before the first notification, so the user can publish
  // the key file first instead of learning about it from a failed submission.
  router.get(operations['ping.key'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { sitemapUrl } = parseInput(operations['ping.key'].input, req.query);
    res.set('Cache-Control', 'no-store').json(await pingKeyFor(deps.siteKeys, user.id, sitemapUrl));
  });
  router.post(operations['ping.submit'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { sitemapUrl, jobId } = parseInput(operations['ping.submit'].input, req.body);
    const urls = await crawlUrls(deps.repos, user.id, sitemapUrl, jobId);
    const { ok, rate } = await deps.repos.rates.hit(`ping:${user.id}`, PINGS_PER_HOUR, HOUR_MS);
    if (!ok) {
      throw new HttpError(
        429,
        'Too many notifications',
        'Try again in an hour',
        {
          'Retry-After': String(Math.max(1, Math.ceil((rate.resetMs - Date.now()) / 1000))),
        },
        'limit.notify',
      );
    }
    // A fetcher per ping: pings are rare, and nothing is left holding connections afterwards.
    const fetcher = deps.createFetcher();
    try {
      res.json(
        await pingSearchEngines({ ...deps, fetcher }, { userId: user.id, sitemapUrl, urls }),
      );
    } finally {
      await fetcher.close();
    }
  });
  return router;
}
