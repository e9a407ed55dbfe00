import { AppError, notFound, proRequired } from '@mapsmith/app';
import { type AuditJob, auditCsv, auditFileName, HOUR_MS, PLAN_LIMITS } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';
import { rateHeaders, retryAfter } from '../../limits/rate-headers.js';

/**
 * The sitemap audit (issue 14, Pro): `POST /api/audit` starts one for a sitemap URL or an
 * uploaded sitemap's text, `GET /api/audit/:jobId` shows its progress and verdict summary,
 * `.../urls` pages its table and `.../report` downloads it as CSV. Free users are refused with
 * 403 `auth.pro-required`; another user's audit is a 404, as for crawls.
 */
export function auditRoutes(ctx: AppContext): RouteTable {
  const { audits, rates } = ctx.repos;

  async function ownAudit(jobId: string, userId: number): Promise<AuditJob> {
    const job = await audits.get(jobId, userId);
    if (!job) throw notFound('No sitemap audit with this id', 'audit.not-found');
    return job;
  }

  return {
    'audit.start': {
      notPro: () =>
        proRequired('Sitemap audits (the live status of every listed URL)', {
          advice: 'The free check of the sitemap itself stays free.',
        }),
      handle: async (input, { user }) => {
        const plan = planOf(user);
        // Audits share the plan's hourly allowance of crawl starts, in a bucket of their own.
        const hit = await rates.hit(
          `audit-start:${user.id}`,
          PLAN_LIMITS[plan].crawlsPerHour,
          HOUR_MS,
        );
        const headers = rateHeaders(hit.rate);
        if (!hit.ok)
          throw new AppError(
            'limit.hourly',
            'Too many requests',
            `You can start at most ${PLAN_LIMITS[plan].crawlsPerHour} audits per hour; please try again later`,
            { headers: { ...headers, ...retryAfter(hit.rate, Date.now()) } },
          );
        const jobId = await audits.start({
          userId: user.id,
          source: input.url ?? input.fileName ?? 'uploaded sitemap',
          sourceUrl: input.url ?? null,
          content: input.content ?? null,
          monthQuota: PLAN_LIMITS[plan].pagesPerMonth,
        });
        ctx.jobs.audits.wake();
        return HttpResult.json({ jobId }, { status: 201, headers });
      },
    },

    'audit.get': ({ jobId }, { user }) => ownAudit(jobId, user.id),

    // Issue 30: the owner stops an audit; the URLs checked so far keep their verdicts.
    'audit.stop': async ({ jobId }, { user }) => {
      const result = await audits.requestStop(jobId, user.id);
      if (result === 'ended')
        throw new AppError(
          'audit.ended',
          'Audit already ended',
          'This audit has already ended, so there is nothing to stop. Its results stay as they are.',
        );
      return ownAudit(jobId, user.id);
    },

    'audit.urls': async (input, { user }) => {
      const job = await ownAudit(input.jobId, user.id);
      return audits.page(job.id, input);
    },

    'audit.report': async (input, { user }) => {
      const job = await ownAudit(input.jobId, user.id);
      return HttpResult.download(
        { contentType: 'text/csv; charset=utf-8', fileName: auditFileName(job.source) },
        auditCsv(audits.results(job.id, input.verdict)),
      );
    },
  };
}
