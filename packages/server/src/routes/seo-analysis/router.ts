import { CrawlAnswers } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * `GET /api/seo-analysis/:jobId`: score, stats, issues and recommendations of a completed
 * crawl, computed once over its stored pages and then kept on the job (the application layer's
 * `CrawlAnswers.seo`, which the desktop answers with too).
 */
export function seoAnalysisRoutes(ctx: AppContext): RouteTable {
  const answers = new CrawlAnswers(ctx.repos);
  return { 'seo.get': ({ jobId }, { user }) => answers.seo(jobId, user.id) };
}
