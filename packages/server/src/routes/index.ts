import type { RequestHandler, Router } from 'express';
import { createAccountServices } from '../accounts/services.js';
import { loadBearer } from '../auth/bearer.js';
import type { AppContext } from '../context.js';
import { createNotifyFetcher } from '../notify/fetcher.js';
import { createPayPalClient } from '../payments/paypal-client.js';
import { reconcileUserPending } from '../payments/reconcile.js';
import { outboxDir } from '../server.js';
import { analyticsRouter } from './analytics/router.js';
import { auditRouter, auditUploadBody } from './audit/router.js';
import { authRouter } from './auth/router.js';
import { bulkRouter } from './bulk/router.js';
import { configRouter } from './config/router.js';
import { crawlRateHeaders } from './crawl/rate-headers.js';
import { crawlRouter } from './crawl/router.js';
import { crawlChangesRouter } from './crawl-changes/router.js';
import { crawlReportRouter } from './crawl-report/router.js';
import { fetchSitemapRouter } from './fetch-sitemap/router.js';
import { generateRouter } from './generate/router.js';
import { historyRouter } from './history/router.js';
import { openApiRouter } from './openapi/router.js';
import { paypalRouter } from './paypal/router.js';
import { pingRouter } from './ping/router.js';
import { schedulesRouter } from './schedules/router.js';
import { seoAnalysisRouter } from './seo-analysis/router.js';
import { sitemapCompareRouter } from './sitemap-compare/router.js';
import { stableSitemapRouter } from './stable-sitemap/router.js';
import { tokensRouter } from './tokens/router.js';
import { userRouter } from './user/router.js';

/** Every API router of the hosted app, one per resource (routes/<resource>/router.ts). */
export function apiRouters(ctx: AppContext): Router[] {
  const accounts = createAccountServices(ctx, outboxDir(ctx.config.dataDir));
  const paypal = createPayPalClient(ctx.config.paypal);
  return [
    authRouter(accounts),
    userRouter(accounts, (userId) => reconcileUserPending({ ...ctx, paypal }, userId)),
    configRouter(ctx.config),
    paypalRouter({ ...ctx, paypal }),
    pingRouter({
      ...ctx,
      createFetcher: () => createNotifyFetcher(ctx.policy),
      indexNowEndpoint: ctx.config.indexNowEndpoint,
    }),
    crawlRouter(ctx),
    crawlReportRouter(ctx),
    bulkRouter(ctx),
    historyRouter(ctx),
    analyticsRouter(ctx),
    generateRouter(ctx),
    fetchSitemapRouter(ctx),
    seoAnalysisRouter(ctx),
    tokensRouter(ctx.db),
    openApiRouter(ctx.config),
    // Scheduled crawls, the change report and stable sitemap URLs (issue 13).
    crawlChangesRouter(ctx),
    schedulesRouter(ctx),
    stableSitemapRouter(ctx),
    auditRouter(ctx),
    sitemapCompareRouter(ctx),
  ];
}

/** Middleware run before body parsing on every API request (see `AppDeps.beforeBody`). */
export function apiBeforeBody(ctx: AppContext): RequestHandler[] {
  return [loadBearer(ctx.db), crawlRateHeaders(ctx), auditUploadBody()];
}
