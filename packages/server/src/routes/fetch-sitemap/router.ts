import { CheckerFetches } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { writeContentJson } from './content-json.js';

/**
 * `GET /api/fetch-sitemap?url=`: the checker's server-side fetch, open to anonymous visitors,
 * limited per IP per rolling hour and in concurrency (app's `CheckerFetches`: 2 at once, 2 per
 * client, 8 waiting; more answer 429 `checker.busy` with Retry-After), behind the crawler's
 * SSRF guard. Answers `{content}`, streamed from the downloaded bytes.
 */
export function fetchSitemapRoutes(ctx: AppContext): RouteTable {
  const fetches = new CheckerFetches({ rates: ctx.repos.rates, policy: ctx.policy });
  return {
    'sitemap.fetch': async ({ url }, { req, signal }) => {
      const { bytes, headers, release } = await fetches.fetch(req.ip ?? 'unknown', url, signal);
      // The slot is held until the answer is written: escaping 50 MB is the costly part.
      return HttpResult.write({ ...headers, 'Cache-Control': 'no-store' }, async (res) => {
        try {
          await writeContentJson(res, bytes);
        } finally {
          release();
        }
      });
    },
  };
}
