import {
  compareSitemapWithCrawl,
  createHttpFetcher,
  fileHost,
  readLiveSitemaps,
  type SitemapCompareSummary,
  sitemapFindingsCsv,
} from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import type { CrawlJobRecord } from '../../repos/ports.js';
import { SqlSitemapCompareRepository } from '../../repos/sql/sitemap-compare.js';

/**
 * The live sitemap against a crawl (issue 14, Pro), on a crawl's page: `POST` reads the site's
 * own sitemaps now through the guarded fetcher and compares them with the finished crawl;
 * `GET` pages the findings (one kind or all) with the figures; `.../report` is the CSV.
 */
export function sitemapCompareRoutes(ctx: AppContext): RouteTable {
  const { jobs, sitemapCompare } = ctx.repos;
  const policy = ctx.policy;

  async function ownJob(jobId: string, userId: number): Promise<CrawlJobRecord> {
    const job = await jobs.get(jobId, userId);
    if (!job) throw new HttpError(404, 'Not found', 'No crawl job with this id', {}, 'not-found');
    return job;
  }

  return {
    'crawl.sitemapCompare': {
      notPro: () =>
        new HttpError(
          403,
          'Pro required',
          'Comparing the live sitemap with the crawl is part of Pro.',
          {},
          'audit.pro-required',
        ),
      handle: async ({ jobId }, { user }) => {
        const job = await ownJob(jobId, user.id);
        if (job.status !== 'completed')
          throw new HttpError(
            409,
            'Crawl not finished',
            'The sitemap is compared with a finished crawl; please wait until it completes.',
            {},
            'crawl.not-finished',
          );
        const fetcher = createHttpFetcher({ policy, connectionsPerOrigin: 2 });
        let summary: SitemapCompareSummary;
        try {
          const live = await readLiveSitemaps(new URL(job.url).origin, {
            fetcher,
            policy,
            logger: ctx.logger,
          });
          const findings = compareSitemapWithCrawl(
            live.entries,
            await sitemapCompare.crawled(job.id),
          );
          summary = {
            checkedAt: new Date().toISOString(),
            files: live.files,
            truncated: live.truncated,
            cut: live.cut,
            inSitemap: findings.filter((f) => f.inSitemap).length,
            withFindings: findings.filter((f) => f.flags.length > 0).length,
            counts: SqlSitemapCompareRepository.countsOf(findings),
          };
          await sitemapCompare.save(job.id, summary, findings);
        } finally {
          await fetcher.close().catch(() => undefined);
        }
        return HttpResult.json(summary, { headers: { 'Cache-Control': 'no-store' } });
      },
    },

    'crawl.sitemapFindings': async (input, { user }) => {
      const job = await ownJob(input.jobId, user.id);
      return sitemapCompare.page(job.id, input);
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
