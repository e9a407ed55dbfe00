import {
  AUDIT_FEATURE,
  AuditAnswers,
  auditHourlyRefusal,
  proRequired,
  rateHeaders,
  retryAfter,
} from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';

/**
 * The sitemap audit (issue 14, Pro) bound to HTTP: `POST /api/audit` starts one for a sitemap
 * URL or an uploaded sitemap's text, `GET /api/audit/:jobId` shows its progress and verdict
 * summary, `.../urls` pages its table, `.../report` downloads it as CSV and `.../stop` stops it.
 * The use cases are app's `AuditAnswers`; these handlers only translate. Free users are refused
 * with 403 `auth.pro-required`; another user's audit is a 404, as for crawls.
 */
export function auditRoutes(ctx: AppContext): RouteTable {
  const audits = new AuditAnswers(ctx.repos.audits, ctx.repos.rates, () => ctx.jobs.audits.wake());

  return {
    'audit.start': {
      notPro: () =>
        proRequired(AUDIT_FEATURE, {
          advice: 'The free check of the sitemap itself stays free.',
        }),
      handle: async (input, { user }) => {
        const started = await audits.start({ id: user.id, plan: planOf(user) }, input);
        const headers = rateHeaders(started.rate);
        if (!started.ok)
          throw auditHourlyRefusal(started.limit, {
            headers: { ...headers, ...retryAfter(started.rate, Date.now()) },
          });
        return HttpResult.json({ jobId: started.jobId }, { status: 201, headers });
      },
    },
    'audit.get': ({ jobId }, { user }) => audits.get(jobId, user.id),
    // Issue 30: the owner stops an audit; the URLs checked so far keep their verdicts.
    'audit.stop': ({ jobId }, { user }) => audits.stop(jobId, user.id),
    'audit.urls': (input, { user }) => audits.urls(user.id, input),
    'audit.report': async (input, { user }) => {
      const file = await audits.report(user.id, input);
      return HttpResult.download(file, file.body);
    },
  };
}
