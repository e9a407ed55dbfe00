import { AppError, CrawlAnswers, CrawlControls } from '@mapsmith/app';
import type { RateInfo } from '@mapsmith/core';
import {
  isDefaultCrawlSettings,
  PLAN_LIMITS,
  plural,
  retryInWords,
  storageRefusalText,
} from '@mapsmith/core';
import type { Response } from 'express';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';
import { bindingRate, rateHeaders, retryAfter } from '../../limits/rate-headers.js';
import { refuseWhenLow } from '../../storage/refuse.js';
import { settingsNeedPro } from './schema.js';

/** Rate headers for a visitor who is not signed in: their plan allows no crawl starts. */
export function noRate(res: Response): RateInfo {
  const plan = planOf(res.locals.user);
  return { limit: PLAN_LIMITS[plan].crawlsPerHour, remaining: 0, resetMs: Date.now() };
}

/**
 * `POST /api/crawl` (start a crawl within the plan's limits) and `GET /api/crawl/:jobId`. Every
 * answer of a start carries the rate headers of the caller's window, refusals included.
 */
export function crawlRoutes(ctx: AppContext): RouteTable {
  const { jobs } = ctx.repos;
  const answers = new CrawlAnswers(ctx.repos);
  const controls = new CrawlControls(jobs, () => ctx.jobs.pool.wake());

  return {
    'crawl.start': {
      signedOut: (res) =>
        new AppError(
          'auth.required',
          'Sign In Required',
          'Please create an account or sign in to generate sitemaps',
          { headers: rateHeaders(noRate(res)) },
        ),
      refusalHeaders: async ({ user, res }) =>
        rateHeaders(
          bindingRate(await jobs.startRate(user.id, planOf(user)), res.locals.apiTokenRate),
        ),
      handle: async ({ url, settings }, { user, res }) => {
        const plan = planOf(user);
        // Settings are Pro: a free plan sending any is told so, never crawled with them ignored.
        if (plan !== 'pro' && !isDefaultCrawlSettings(settings)) {
          const rate = bindingRate(await jobs.startRate(user.id, plan), res.locals.apiTokenRate);
          throw settingsNeedPro(rateHeaders(rate));
        }
        // Refused before a start is counted: a full disk is ours to fix, not the user's hour.
        await refuseWhenLow(ctx.disk, 'a new crawl');
        const started = await jobs.start({
          userId: user.id,
          plan,
          url,
          engineeringCap: ctx.config.jobs.engineeringPageCap,
          ...(settings && !isDefaultCrawlSettings(settings) ? { settings } : {}),
        });
        const headers = rateHeaders(bindingRate(started.rate, res.locals.apiTokenRate));
        if (!started.ok) {
          if (started.reason === 'monthly') {
            const limit = PLAN_LIMITS[plan].pagesPerMonth;
            throw new AppError(
              'limit.monthly',
              'Monthly limit reached',
              `You have used your ${limit} pages for this month. Upgrade to Pro for unlimited crawling, or wait until the 1st.`,
              { headers: headers },
            );
          }
          if (started.reason === 'storage') {
            throw new AppError(
              'limit.storage',
              'Storage full',
              storageRefusalText(started.storage),
              { headers: headers },
            );
          }
          if (started.reason === 'hourly') {
            const wait = retryAfter(started.rate, Date.now());
            throw new AppError(
              'limit.hourly',
              'Too many crawls',
              `You can start ${plural(started.rate.limit, 'crawl')} per hour. ${retryInWords(Number(wait['Retry-After']))}`,
              { headers: { ...rateHeaders(started.rate), ...wait } },
            );
          }
          throw new AppError('limit.plan', 'Not allowed', 'Your plan cannot start crawls', {
            headers: headers,
          });
        }
        ctx.jobs.pool.wake();
        return HttpResult.json({ jobId: started.job.id }, { status: 201, headers });
      },
    },

    'crawl.get': ({ jobId }, { user }) => answers.crawl(jobId, user.id),
    'crawl.stop': ({ jobId }, { user }) => controls.ask(jobId, user.id, 'stop'),
    'crawl.pause': ({ jobId }, { user }) => controls.ask(jobId, user.id, 'pause'),
    'crawl.resume': ({ jobId }, { user }) => controls.ask(jobId, user.id, 'resume'),
  };
}
