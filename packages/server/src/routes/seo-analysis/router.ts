import { analyzeSeoStream } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * `GET /api/seo-analysis/:jobId`: score, stats, issues and recommendations of a completed
 * crawl (core `analyzeSeoStream` over the stored pages, read one batch at a time so a
 * 1,000,000-page crawl never sits in memory), computed once and then kept on the job.
 */
export function seoAnalysisRoutes(ctx: AppContext): RouteTable {
  const { jobs } = ctx.repos;
  return {
    'seo.get': async ({ jobId }, { user }) => {
      const job = await jobs.get(jobId, user.id);
      if (!job)
        throw new HttpError(404, 'Not found', 'No crawl job with this id', {}, 'crawl.not-found');
      if (job.status !== 'completed') {
        throw new HttpError(
          409,
          'Crawl not finished',
          `The crawl is ${job.status}; its SEO analysis is ready once it has completed`,
          {},
          'crawl.not-finished',
        );
      }
      let analysis = await jobs.cachedSeoAnalysis(job.id);
      if (!analysis) {
        analysis = await analyzeSeoStream(jobs.store(job.id).pages());
        await jobs.cacheSeoAnalysis(job.id, analysis);
      }
      return analysis;
    },
  };
}
