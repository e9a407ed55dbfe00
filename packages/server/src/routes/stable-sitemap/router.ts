import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@mapsmith/app';
import { type Request, Router } from 'express';
import type { AppContext } from '../../context.js';
import type { PublishedFile } from '../../schedules/publisher.js';
import { isTokenShape } from '../../schedules/service.js';

/** Published file names: the sitemap or index, and its parts, plain or gzipped. */
const FILE_NAME = /^sitemap(-\d{1,5})?\.xml(\.gz)?$/;

/** Whether the request's validators match the file (RFC 9110: If-None-Match wins). */
function notModified(req: Request, meta: PublishedFile, etag: string): boolean {
  const match = req.headers['if-none-match'];
  if (match !== undefined)
    return match
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === etag || t === '*');
  const since = Date.parse(req.headers['if-modified-since'] ?? '');
  return !Number.isNaN(since) && Date.parse(meta.lastModified) <= since;
}

/**
 * `GET /s/:token/:file` (issue 13 point 3): the latest sitemap files of a schedule at a stable,
 * unguessable URL, for robots.txt and Search Console. Every file has a strong ETag and the
 * Last-Modified of its bytes, and a conditional request for an unchanged file is answered 304.
 * `sitemap.xml` is sent gzip-encoded to clients that accept it; `.xml.gz` names are the gzipped
 * files themselves. An unknown or rotated token is a plain 404.
 */
export function stableSitemapRouter(ctx: AppContext): Router {
  const router = Router();
  router.get('/s/:token/:file', async (req, res) => {
    const token = req.params.token ?? '';
    const name = req.params.file ?? '';
    const missing = new AppError(
      'not-found',
      'Not found',
      'No sitemap is published at this address',
    );
    if (!isTokenShape(token) || !FILE_NAME.test(name)) throw missing;
    const schedule = await ctx.schedules.byToken(token);
    if (!schedule) throw missing;
    const gzipped = name.endsWith('.gz');
    const encode = !gzipped && /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const file = await ctx.schedules.publishedFile(schedule, encode ? `${name}.gz` : name);
    if (!file) throw missing;
    // The gzip encoding of a file is another representation: its own validator.
    const etag = encode ? `${file.meta.etag.slice(0, -1)}-gzip"` : file.meta.etag;
    res.set({
      ETag: etag,
      'Last-Modified': file.meta.lastModified,
      'Cache-Control': 'public, max-age=0, must-revalidate',
      Vary: 'Accept-Encoding',
      'X-Robots-Tag': 'noindex',
    });
    if (notModified(req, file.meta, etag)) {
      res.status(304).end();
      return;
    }
    res.set({
      'Content-Type': gzipped ? 'application/gzip' : 'application/xml; charset=utf-8',
      'Content-Length': String(file.meta.bytes),
      ...(encode ? { 'Content-Encoding': 'gzip' } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(createReadStream(file.path), res);
  });
  return router;
}
