import {
  clientReportHtml,
  invalidShareLinkHtml,
  plainReportPage,
  resolveShareLink,
} from '@mapsmith/app';
import { HOUR_MS, SHARE_VIEWS_PER_HOUR_PER_IP } from '@mapsmith/core';
import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../../context.js';
import { rateHeaders, retryAfter } from '../../limits/rate-headers.js';
import { clientReportsOf } from '../share/client-report.js';

/** Headers of every answer under /r/: never indexed, never cached, no referrer with the token. */
const PRIVATE_PAGE = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'no-store',
  'Referrer-Policy': 'no-referrer',
};

function sendPage(res: Response, status: number, html: string, headers = {}): void {
  res
    .status(status)
    .set({ ...PRIVATE_PAGE, ...headers, 'Content-Type': 'text/html; charset=utf-8' });
  res.send(html);
}

/**
 * `GET /r/:token` and `GET /r/:token/pdf` (issue 29 point 3): a crawl's report, read-only, for
 * anyone holding the link, no account needed, with its owner's data only. Each client address
 * opens at most `SHARE_VIEWS_PER_HOUR_PER_IP` of them an hour (429 past it), so tokens cannot be
 * tried in bulk; a wrong, revoked or expired token answers one plain 404 page, the same for all.
 */
export function sharePageRouter(ctx: AppContext): Router {
  const reports = clientReportsOf(ctx);
  const router = Router();

  /** The link's target, or null after answering the refusal itself. */
  async function admit(req: Request, res: Response) {
    const hit = await ctx.repos.rates.hit(
      `share-view:${req.ip ?? 'unknown'}`,
      SHARE_VIEWS_PER_HOUR_PER_IP,
      HOUR_MS,
    );
    if (!hit.ok) {
      sendPage(
        res,
        429,
        plainReportPage(
          'Too many report views',
          'This address opened too many report links in the last hour. Please try again later.',
        ),
        { ...rateHeaders(hit.rate), ...retryAfter(hit.rate, Date.now()) },
      );
      return null;
    }
    const target = await resolveShareLink(ctx.db, String(req.params.token ?? ''));
    if (!target) sendPage(res, 404, invalidShareLinkHtml());
    return target;
  }

  router.get('/r/:token', async (req, res) => {
    const target = await admit(req, res);
    if (!target) return;
    const report = await reports.read(target.jobId, target.ownerId);
    sendPage(res, 200, clientReportHtml(report));
  });

  router.get('/r/:token/pdf', async (req, res) => {
    const target = await admit(req, res);
    if (!target) return;
    const result = await reports.pdf(target.jobId, target.ownerId, req.ip ?? 'unknown');
    res.status(result.status).set({ ...PRIVATE_PAGE, ...result.headers });
    await result.send(res);
  });
  return router;
}
