import { AppError, CrawlAnswers, CrawlControls, CrawlStart, rateHeaders } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';
import { bindingRate } from '../../limits/rate-headers.js';
import { startRefusal } from '../../limits/start-refusal.js';
import { refuseWhenLow } from '../../storage/refuse.js';

/**
 * `POST /api/crawl` (start a crawl within the plan's limits: app `CrawlStart`, worded here) and
 * `GET /api/crawl/:jobId`. Every answer of a start carries the rate headers of the caller's
 * window, refusals included: the admission's figures, else the request's (`crawlRateHeaders`).
 */
export function crawlRoutes(ctx: AppContext): RouteTable {
  const { jobs } = ctx.repos;
  const answers = new CrawlAnswers(ctx.repos);
  const wake = () => ctx.jobs.pool.wake();
  const controls = new CrawlControls(jobs, wake);
  const starts = new CrawlStart(jobs, {
    engineeringCap: ctx.config.jobs.engineeringPageCap,
    // Refused before a start is counted: a full disk is ours to fix, not the user's hour.
    room: () => refuseWhenLow(ctx.disk, 'a new crawl'),
    wake,
  });

  return {
    'crawl.start': {
      signedOut: () =>
        new AppError(
          'auth.required',
          'Sign In Required',
          'Please create an account or sign in to generate sitemaps',
        ),
      handle: async (input, { user, res }) => {
        const plan = planOf(user);
        const outcome = await starts.start(input, { userId: user.id, plan });
        if ('rate' in outcome) res.locals.startWindow?.known(outcome.rate);
        if (!outcome.ok) throw startRefusal(outcome, plan, res.locals.apiTokenRate);
        const headers = rateHeaders(bindingRate(outcome.rate, res.locals.apiTokenRate));
        return HttpResult.json({ jobId: outcome.jobId }, { status: 201, headers });
      },
    },

    'crawl.get': ({ jobId }, { user }) => answers.crawl(jobId, user.id),
    'crawl.stop': ({ jobId }, { user }) => controls.ask(jobId, user.id, 'stop'),
    'crawl.pause': ({ jobId }, { user }) => controls.ask(jobId, user.id, 'pause'),
    'crawl.resume': ({ jobId }, { user }) => controls.ask(jobId, user.id, 'resume'),
  };
}
