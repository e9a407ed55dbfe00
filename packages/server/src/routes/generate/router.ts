import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { canGzip, exporters, exportFileName, operations, PLAN_LIMITS } from '@mapsmith/core';
import { Router } from 'express';
import { requireUser } from '../../auth/session.js';
import type { AppContext } from '../../context.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import { planOf } from '../../limits/plan.js';
import { streamStoredExport } from './export-stream.js';
import { generateParams, generateQuery } from './schema.js';

/**
 * `GET /api/generate/:jobId/:format[?compress=true]`: the sitemap file of a completed crawl,
 * streamed from the stored pages, with its file name in `Content-Disposition`. RSS keeps the
 * plan's number of most recent items (100 on the free plan).
 */
export function generateRouter(ctx: AppContext): Router {
  const router = Router();
  router.get(operations['export.generate'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { jobId, format } = parseInput(generateParams, req.params);
    const { compress } = parseInput(generateQuery, req.query);
    if (compress && !canGzip(format)) {
      throw new HttpError(
        400,
        'Invalid input',
        `gzip is offered for xml, xml-images, images and videos only, not ${format}`,
      );
    }
    const job = await ctx.repos.jobs.get(jobId, user.id);
    if (!job) throw new HttpError(404, 'Not found', 'No crawl job with this id');
    if (job.status !== 'completed') {
      throw new HttpError(
        409,
        'Crawl not finished',
        `The crawl is ${job.status}; download it once it has completed`,
      );
    }
    const rssItems = PLAN_LIMITS[planOf(user)].rssItems;
    const chunks = streamStoredExport(format, ctx.repos.jobs.store(job.id).pages(), {
      ...(rssItems === null ? {} : { rssLimit: rssItems }),
    });
    const fileName = exportFileName(format, compress);
    const type = exporters[format].contentType;
    res.set({
      'Content-Type': compress
        ? 'application/gzip'
        : type.includes('charset')
          ? type
          : `${type}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'no-store',
    });
    const source = Readable.from(chunks);
    if (compress) await pipeline(source, createGzip(), res);
    else await pipeline(source, res);
  });
  return router;
}
