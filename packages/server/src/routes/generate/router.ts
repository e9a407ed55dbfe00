import { CrawlAnswers } from '@mapsmith/app';
import { exportContentType } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';
import { openGeneratedExport } from './export-file.js';
import { generateInput } from './schema.js';

/**
 * `GET /api/generate/:jobId/:format[?compress=true][&part=N]`: a sitemap file of a completed
 * crawl, written from the stored pages, with its file name in `Content-Disposition`. A crawl
 * listing more than one sitemap file holds answers with the sitemap index; `part=N` gives
 * each part. RSS keeps the plan's number of most recent items (100 on the free plan). A sitemap
 * format with nothing to list (no videos, say) answers 422 with the reason, never an empty file.
 * Built exports are kept (`ExportCache`): `X-Cache: MISS` when this download built it, else HIT.
 */
export function generateRoutes(ctx: AppContext): RouteTable {
  const cache = ctx.exports;
  const answers = new CrawlAnswers(ctx.repos);
  // Exports of jobs deleted while the server was down go now, not at the next build.
  cache.sweep().catch((err: unknown) => {
    ctx.logger.error('export cache sweep failed', { error: String(err) });
  });
  return {
    'export.generate': {
      input: generateInput,
      handle: async ({ jobId, format, compress = false, part }, { user }) => {
        const request = { userId: user.id, plan: planOf(user), jobId, format, compress, part };
        const download = await openGeneratedExport(cache, answers, request);
        return HttpResult.stream(download.stream, {
          'Content-Type': exportContentType(format, compress),
          'Content-Disposition': `attachment; filename="${download.fileName}"`,
          'Cache-Control': 'no-store',
          'X-Cache': download.built ? 'MISS' : 'HIT',
          // The index of a split sitemap says how many parts it lists (`part=1..N`).
          ...(download.parts ? { 'X-Sitemap-Parts': String(download.parts) } : {}),
        });
      },
    },
  };
}
