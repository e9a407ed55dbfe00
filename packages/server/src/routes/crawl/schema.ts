import { operations } from '@mapsmith/core';
import { HttpError } from '../../http/errors.js';

/**
 * `POST /api/crawl` body: `{url, settings?}`, an absolute http(s) URL of at most 2,083
 * characters and the crawl settings (Pro).
 */
export const startCrawlInput = operations['crawl.start'].input;

/** `GET /api/crawl/:jobId` path parameters. */
export const getCrawlInput = operations['crawl.get'].input;

/** The refusal of crawl settings to a plan without them (403 `crawl.settings-pro`). */
export function settingsNeedPro(headers: Record<string, string> = {}): HttpError {
  return new HttpError(
    403,
    'Pro required',
    'Crawl settings (depth, include and exclude patterns, scope, rendering, delay and user agent) are part of Mapsmith Pro. Start the crawl without them, or upgrade to Pro.',
    headers,
    'crawl.settings-pro',
  );
}
