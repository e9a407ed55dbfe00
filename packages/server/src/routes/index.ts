import type { RequestHandler, Router } from 'express';
import { createAccountServices } from '../accounts/services.js';
import { loadBearer } from '../auth/bearer.js';
import type { AppContext } from '../context.js';
import { mountOperations } from '../http/mount-operations.js';
import type { RouteTable } from '../http/operation-route.js';
import { createNotifyFetcher } from '../notify/fetcher.js';
import { createPayPalClient } from '../payments/paypal-client.js';
import { paymentStandOf } from '../payments/pending.js';
import { outboxDir } from '../server.js';
import { analyticsRoutes } from './analytics/router.js';
import { auditRoutes } from './audit/router.js';
import { authRoutes } from './auth/router.js';
import { brandRoutes } from './brand/router.js';
import { bulkRoutes } from './bulk/router.js';
import { configRoutes, SUPPORT_EMAIL } from './config/router.js';
import { crawlRateHeaders } from './crawl/rate-headers.js';
import { crawlRoutes } from './crawl/router.js';
import { crawlChangesRoutes } from './crawl-changes/router.js';
import { crawlReportRoutes } from './crawl-report/router.js';
import { crawlsRoutes } from './crawls/router.js';
import { fetchSitemapRoutes } from './fetch-sitemap/router.js';
import { generateRoutes } from './generate/router.js';
import { healthRoutes } from './health/router.js';
import { historyRoutes } from './history/router.js';
import { openApiRoutes } from './openapi/router.js';
import { paypalRoutes } from './paypal/router.js';
import { pingRoutes } from './ping/router.js';
import { schedulesRoutes } from './schedules/router.js';
import { seoAnalysisRoutes } from './seo-analysis/router.js';
import { shareRoutes } from './share/router.js';
import { sitemapCompareRoutes } from './sitemap-compare/router.js';
import { specialRouters } from './special.js';
import { tokensRoutes } from './tokens/router.js';
import { userRoutes } from './user/router.js';

/**
 * The handlers of every operation of the contract, one table per resource
 * (routes/<resource>/router.ts); `mountOperations` binds them to the contract's routes.
 */
export function operationRoutes(ctx: AppContext): RouteTable[] {
  const accounts = createAccountServices(ctx, outboxDir(ctx.config.dataDir));
  const payments = {
    ...ctx,
    paypal: createPayPalClient(ctx.config.paypal),
    mailer: accounts.mailer,
    supportEmail: SUPPORT_EMAIL,
  };
  return [
    authRoutes(accounts),
    userRoutes(accounts, (userId) => paymentStandOf(payments, userId)),
    configRoutes(ctx.config),
    paypalRoutes(payments),
    pingRoutes({
      ...ctx,
      siteKeys: ctx.repos.accounts.siteKeys,
      indexNowLog: ctx.repos.accounts.indexNowLog,
      createFetcher: () => createNotifyFetcher(ctx.policy),
      indexNowEndpoint: ctx.config.indexNowEndpoint,
    }),
    crawlRoutes(ctx),
    crawlReportRoutes(ctx),
    bulkRoutes(ctx),
    historyRoutes(ctx),
    analyticsRoutes(ctx),
    generateRoutes(ctx),
    fetchSitemapRoutes(ctx),
    seoAnalysisRoutes(ctx),
    tokensRoutes(ctx.repos.accounts.apiTokens),
    openApiRoutes(ctx.config),
    // Scheduled crawls and the change report (issue 13).
    crawlChangesRoutes(ctx),
    schedulesRoutes(ctx),
    auditRoutes(ctx),
    sitemapCompareRoutes(ctx),
    // The health of this node (issue 16): database, queue and live workers.
    healthRoutes({ db: ctx.db, role: ctx.config.role, workers: ctx.workers }),
    // Every crawl of the user, paged, and one deleted with its files (issue 26).
    crawlsRoutes(ctx),
    // A crawl's client report: share links and the PDF (issue 29 point 3).
    shareRoutes(ctx),
    brandRoutes(ctx),
  ];
}

/** Every router of the hosted app: the contract's operations, then the special routes. */
export function apiRouters(ctx: AppContext): Router[] {
  return [mountOperations(operationRoutes(ctx), ctx.policy), ...specialRouters(ctx)];
}

/** Middleware run before the routes on every API request (see `AppDeps.beforeBody`). */
export function apiBeforeBody(ctx: AppContext): RequestHandler[] {
  return [loadBearer(ctx.repos.accounts.apiTokens), crawlRateHeaders(ctx)];
}
