import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { createHttpFetcher, FetchError, type FetchResponse, type UrlPolicy } from '@mapsmith/core';
import { HandlerError } from '../errors';

const gunzipAsync = promisify(gunzip);

/** The checker's fetch caps: the crawler's redirect limit and the 50 MB sitemap limit. */
const LIMITS = { maxRedirects: 5, maxBytes: 52_428_800, timeMs: 30_000 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);

function failure(err: unknown): HandlerError {
  if (err instanceof HandlerError) return err;
  if (err instanceof FetchError) {
    if (err.code === 'EBLOCKED') return new HandlerError(400, 'URL not allowed', err.message);
    if (err.code === 'ETIMEDOUT' || err.code === 'EABORTED')
      return new HandlerError(504, 'Timed out', 'The sitemap did not download in time');
    return new HandlerError(502, 'Fetch failed', `Could not fetch the sitemap: ${err.message}`);
  }
  return new HandlerError(502, 'Fetch failed', 'Could not fetch the sitemap');
}

/**
 * `sitemap.fetch`: downloads a sitemap for the checker through the core fetcher and its SSRF
 * guard (public sites only; every redirect hop checked again), with the hosted route's caps and
 * messages. Gzip is inflated with the same 50 MB cap; HTML pages are refused.
 */
export async function fetchSitemap(
  deps: { policy: UrlPolicy },
  input: { url: string },
): Promise<{ content: string }> {
  const fetcher = createHttpFetcher({ policy: deps.policy, connectionsPerOrigin: 1 });
  const signal = AbortSignal.timeout(LIMITS.timeMs);
  let res: FetchResponse;
  try {
    let current = input.url;
    for (let hop = 0; ; hop++) {
      res = await fetcher.fetch({ url: current, maxBodyBytes: LIMITS.maxBytes, signal });
      const location = res.headers.location;
      if (!REDIRECTS.has(res.status) || !location) break;
      if (hop >= LIMITS.maxRedirects)
        throw new HandlerError(
          502,
          'Too many redirects',
          `More than ${LIMITS.maxRedirects} redirects from ${input.url}`,
        );
      current = new URL(location, current).href;
    }
  } catch (err) {
    throw failure(signal.aborted ? new FetchError('timeout', 'ETIMEDOUT', false) : err);
  } finally {
    await fetcher.close().catch(() => undefined);
  }
  if (res.status !== 200)
    throw new HandlerError(
      502,
      `HTTP Error ${res.status}`,
      `The sitemap URL answered HTTP ${res.status}`,
    );
  const type = (res.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (HTML_TYPES.has(type))
    throw new HandlerError(
      422,
      'Not a sitemap',
      `The URL answered with an HTML page (${type}), not a sitemap`,
    );
  if (res.truncated)
    throw new HandlerError(
      413,
      'Sitemap too large',
      'The sitemap is larger than 50 MB (52,428,800 bytes), the sitemap limit',
    );
  let bytes: Uint8Array = res.body;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await gunzipAsync(bytes, { maxOutputLength: LIMITS.maxBytes });
    } catch {
      throw new HandlerError(
        413,
        'Sitemap too large',
        'The gzip file could not be inflated within 50 MB (52,428,800 bytes)',
      );
    }
  }
  return { content: new TextDecoder('utf-8').decode(bytes) };
}
