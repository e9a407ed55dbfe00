import { COMPARE_FEATURE, CrawlAnswers, proRequired, SitemapCompares } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * The live sitemap against a crawl (issue 14, Pro): the application layer's `SitemapCompares`
 * over the server's repositories; the comparison itself runs on the worker pool (issue 30,
 * point 8), woken by a start.
 */
export function sitemapCompareRoutes(ctx: AppContext): RouteTable {
  const compares = new SitemapCompares({
    answers: new CrawlAnswers(ctx.repos),
    compare: ctx.repos.sitemapCompare,
    runs: ctx.repos.compareQueue,
    wake: () => ctx.jobs.compares.wake(),
  });

  return {
    'crawl.sitemapCompare': {
      notPro: () => proRequired(COMPARE_FEATURE),
      handle: async ({ jobId }, { user }) =>
        HttpResult.json(await compares.start(jobId, user.id), {
          headers: { 'Cache-Control': 'no-store' },
        }),
    },
    'crawl.sitemapFindings': (input, { user }) => compares.page(input, user.id),
    'crawl.sitemapReport': async (input, { user }) => {
      const file = await compares.report(input, user.id);
      return HttpResult.download(
        { contentType: file.contentType, fileName: file.fileName },
        file.text,
      );
    },
  };
}
