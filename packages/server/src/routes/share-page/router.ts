import { admitShareView, clientReportHtml } from '@mapsmith/app';
import { type Request, type Response, Router } from 'express';
import type { AppContext } from '../../context.js';
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

  /** The link's target, or null after answering the refusal itself (`admitShareView`). */
  async function admit(req: Request, res: Response) {
    const client = req.ip ?? 'unknown';
    const token = String(req.params.token ?? '');
    const admitted = await admitShareView({ rates: ctx.repos.rates, db: ctx.db }, client, token);
    if ('target' in admitted) return admitted.target;
    const { status, html, headers } = admitted.refused;
    sendPage(res, status, html, headers);
    return null;
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
