import { createShareLink, listShareLinks, notFound, revokeShareLink } from '@mapsmith/app';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { clientReportsOf } from './client-report.js';

/**
 * A crawl's client report (issue 29 point 3): share links made, listed and revoked by the
 * crawl's owner (free and Pro alike: decisions.md gates branding, not sharing), and the report
 * as a PDF. The page a link opens is `share-page/router.ts`.
 */
export function shareRoutes(ctx: AppContext): RouteTable {
  const reports = clientReportsOf(ctx);
  return {
    'share.create': async ({ jobId, expiresAt }, { user }) =>
      HttpResult.json(await createShareLink(ctx.db, { ownerId: user.id, jobId, expiresAt }), {
        status: 201,
        headers: { 'Cache-Control': 'no-store' },
      }),

    'share.list': ({ jobId }, { user }) => listShareLinks(ctx.db, { ownerId: user.id, jobId }),

    'share.revoke': async ({ id }, { user }) => {
      const revoked = await revokeShareLink(ctx.db, { ownerId: user.id, id });
      if (!revoked) throw notFound('You have no share link with this id.', 'share.not-found');
      return revoked;
    },

    'crawl.pdf': ({ jobId }, { user }) => reports.pdf(jobId, user.id, `user:${user.id}`),
  };
}
