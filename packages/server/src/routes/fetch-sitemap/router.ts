import {
  createHttpFetcher,
  createUrlPolicy,
  downloadSitemap,
  HOUR_MS,
  operations,
  SITEMAP_FETCHES_PER_HOUR_PER_IP,
  SitemapDownloadError,
} from '@mapsmith/core';
import { Router } from 'express';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { rateHeaders, retryAfter } from '../../limits/rate-headers.js';
import { fetchSitemapInput } from './schema.js';

/**
 * `GET /api/fetch-sitemap?url=`: the checker's server-side fetch, open to anonymous visitors,
 * limited per IP per rolling hour, behind the crawler's SSRF guard. Answers `{content}`.
 */
export function fetchSitemapRouter(ctx: AppContext): Router {
  const router = Router();
  const policy = createUrlPolicy({ allowLoopback: ctx.config.allowLoopback });
  router.get(operations['sitemap.fetch'].path, async (req, res) => {
    const { url } = parseInput(fetchSitemapInput, req.query);
    const hit = await ctx.repos.rates.hit(
      `fetch-sitemap:${req.ip ?? 'unknown'}`,
      SITEMAP_FETCHES_PER_HOUR_PER_IP,
      HOUR_MS,
    );
    const headers = rateHeaders(hit.rate);
    if (!hit.ok) {
      throw new HttpError(
        429,
        'Too many requests',
        `The checker fetches at most ${SITEMAP_FETCHES_PER_HOUR_PER_IP} sitemaps per hour; please try again later`,
        { ...headers, ...retryAfter(hit.rate, Date.now()) },
        'limit.sitemap-fetch',
      );
    }
    res.set(headers);
    // A fetcher per request: checker fetches are rare, and nothing stays open afterwards.
    const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 1 });
    try {
      const content = await downloadSitemap(fetcher, url);
      res.set('Cache-Control', 'no-store').json({ content });
    } catch (err) {
      if (err instanceof SitemapDownloadError) {
        throw new HttpError(err.status, err.error, err.message, headers, err.code);
      }
      throw err;
    } finally {
      await fetcher.close().catch(() => undefined);
    }
  });
  return router;
}
