import { AppError, crawlNotFinished, crawlNotFound, proRequired } from '@mapsmith/app';
import { fileHost, sitemapFindingsCsv } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import type { CrawlJobRecord } from '../../repos/ports.js';

/**
 * The live sitemap against a crawl (issue 14, Pro), on a crawl's page: `POST` starts (or joins)
 * the crawl's comparison job and answers its state at once (issue 30, point 8: the worker pool
 * reads the site's sitemaps, one comparison per user at a time); `GET` pages the findings (one
 * kind or all) with the figures and the job's state; `.../report` is the CSV.
 */
export function sitemapCompareRoutes(ctx: AppContext): RouteTable {
  const { jobs, sitemapCompare, compareQueue } = ctx.repos;

  async function ownJob(jobId: string, userId: number): Promise<CrawlJobRecord> {
    const job = await jobs.get(jobId, userId);
    if (!job) throw crawlNotFound();
    return job;
  }

  return {
    'crawl.sitemapCompare': {
      notPro: () => proRequired('Comparisons of the live sitemap with a crawl'),
      handle: async ({ jobId }, { user }) => {
        const job = await ownJob(jobId, user.id);
        if (job.status !== 'completed')
          throw crawlNotFinished(
            'The sitemap is compared with a finished crawl; please wait until it completes.',
          );
        // Issue 30, point 8: the reading runs as a job on the worker pool, never in the request.
        const started = await compareQueue.start(job.id, user.id);
        if ('busyWith' in started)
          throw new AppError(
            'sitemap-compare.busy',
            'Comparison under way',
            `Another live-sitemap comparison of yours is under way (crawl ${started.busyWith}); one runs at a time. Please try again when it is done.`,
          );
        ctx.jobs.compares.wake();
        return HttpResult.json(started.run, { headers: { 'Cache-Control': 'no-store' } });
      },
    },

    'crawl.sitemapFindings': async (input, { user }) => {
      const job = await ownJob(input.jobId, user.id);
      const [run, page] = await Promise.all([
        compareQueue.run(job.id),
        sitemapCompare.page(job.id, input),
      ]);
      return { ...page, run };
    },

    'crawl.sitemapReport': async (input, { user }) => {
      const job = await ownJob(input.jobId, user.id);
      return HttpResult.download(
        {
          contentType: 'text/csv; charset=utf-8',
          fileName: `sitemap-vs-crawl-${fileHost(job.url)}.csv`,
        },
        sitemapFindingsCsv(sitemapCompare.findings(job.id, input.flag)),
      );
    },
  };
}
