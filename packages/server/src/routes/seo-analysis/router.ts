import { analyzeSeoStream, operations } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { seoAnalysisInput } from './schema.js';

/**
 * `GET /api/seo-analysis/:jobId`: score, stats, issues and recommendations of a completed
 * crawl (core `analyzeSeoStream` over the stored pages, read one batch at a time so a
 * 1,000,000-page crawl never sits in memory), computed once and then kept on the job.
 */
export function seoAnalysisRouter(ctx: AppContext): Router {
  const router = Router();
  const { jobs } = ctx.repos;
  router.get(operations['seo.get'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { jobId } = parseInput(seoAnalysisInput, req.params);
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
    res.set('Cache-Control', 'no-store').json(analysis);
  });
  return router;
}
