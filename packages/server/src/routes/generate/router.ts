import { canGzip, exportContentType, NothingToListError, PLAN_LIMITS } from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import { planOf } from '../../limits/plan.js';
import { openExport } from './export-file.js';
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
  // Exports of jobs deleted while the server was down go now, not at the next build.
  cache.sweep().catch((err: unknown) => {
    ctx.logger.error('export cache sweep failed', { error: String(err) });
  });
  return {
    'export.generate': {
      input: generateInput,
      handle: async ({ jobId, format, compress = false, part }, { user }) => {
        if (compress && !canGzip(format)) {
          throw new HttpError(
            400,
            'Invalid input',
            `gzip is offered for xml, xml-images, images and videos only, not ${format}`,
            {},
            'input.invalid',
          );
        }
        const job = await ctx.repos.jobs.get(jobId, user.id);
        if (!job)
          throw new HttpError(404, 'Not found', 'No crawl job with this id', {}, 'crawl.not-found');
        if (job.status !== 'completed') {
          throw new HttpError(
            409,
            'Crawl not finished',
            `The crawl is ${job.status}; download it once it has completed`,
            {},
            'crawl.not-finished',
          );
        }
        const download = await openExport(
          cache,
          { userId: user.id, jobId: job.id },
          format,
          () => ctx.repos.jobs.store(job.id).pages(),
          { gzip: compress, rssLimit: PLAN_LIMITS[planOf(user)].rssItems, part },
        ).catch((err: unknown) => {
          // An empty urlset would fail the sitemaps.org schema: say why there is no file instead.
          if (err instanceof NothingToListError)
            throw new HttpError(422, 'Nothing to list', err.message, {}, 'export.nothing-to-list');
          throw err;
        });
        if (!download) {
          throw new HttpError(
            404,
            'Not found',
            `This export has no part ${part}`,
            {},
            'export.no-part',
          );
        }
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
