import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { ErrorCode } from '../contract/error-codes.js';
import { FetchError, type FetchResponse, type HttpFetcher } from '../ports/fetcher.js';
import { isTlsFailure, plainFetchReason } from './plain-reason.js';
import { looksLikeSitemap } from './sitemap-sniff.js';

const gunzipAsync = promisify(gunzip);

/**
 * Why a sitemap could not be downloaded, with the HTTP status a hosted answer should carry
 * (400 refused address, 413 too large, 422 not a sitemap, 502 fetch failed, 504 timed out),
 * a short title and a sentence the checker can show.
 */
export class SitemapDownloadError extends Error {
  /** Creates the error; `error` is the short title, `message` the sentence to show. */
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /** The contract's stable code for this failure. */
    readonly code: ErrorCode = 'sitemap.fetch-failed',
  ) {
    super(message);
    this.name = 'SitemapDownloadError';
  }
}

/** The caps of the checker's fetch: the crawler's redirect limit, the 50 MB sitemap limit. */
export const SITEMAP_FETCH_LIMITS = {
  maxRedirects: 5,
  maxBytes: 52_428_800,
  timeMs: 30_000,
} as const;

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function mediaType(headers: Record<string, string>): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function isGzip(body: Uint8Array): boolean {
  return body.length >= 2 && body[0] === 0x1f && body[1] === 0x8b;
}

/** Follows redirects by hand so every hop goes through the fetcher's SSRF guard again. */
async function fetchFollowing(
  fetcher: HttpFetcher,
  url: string,
  signal: AbortSignal,
): Promise<FetchResponse> {
  let current = url;
  for (let hop = 0; ; hop++) {
    const res = await fetcher.fetch({
      url: current,
      maxBodyBytes: SITEMAP_FETCH_LIMITS.maxBytes,
      signal,
      headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
    });
    const location = res.headers.location;
    if (!REDIRECTS.has(res.status) || !location) return res;
    if (hop >= SITEMAP_FETCH_LIMITS.maxRedirects) {
      throw new SitemapDownloadError(
        502,
        'Too many redirects',
        `More than ${SITEMAP_FETCH_LIMITS.maxRedirects} redirects from ${url}`,
      );
    }
    try {
      current = new URL(location, current).href;
    } catch {
      throw new SitemapDownloadError(
        502,
        'Bad redirect',
        `The redirect to "${location}" is not a valid URL`,
      );
    }
  }
}

/** Maps a fetch failure to the answer the checker shows. */
function fetchFailure(err: unknown): SitemapDownloadError {
  if (err instanceof SitemapDownloadError) return err;
  if (err instanceof FetchError) {
    if (err.code === 'EBLOCKED')
      return new SitemapDownloadError(
        400,
        'URL not allowed',
        err.message,
        'sitemap.url-not-allowed',
      );
    if (err.code === 'ETIMEDOUT' || err.code === 'EABORTED') {
      return new SitemapDownloadError(
        504,
        'Timed out',
        'The sitemap did not download in time',
        'sitemap.timeout',
      );
    }
    return new SitemapDownloadError(
      502,
      'Fetch failed',
      `Could not fetch the sitemap (${plainFetchReason(err)}).${isTlsFailure(err) ? ' If the site only speaks plain HTTP, use an http:// address.' : ''}`,
    );
  }
  return new SitemapDownloadError(502, 'Fetch failed', 'Could not fetch the sitemap');
}

/**
 * Downloads a sitemap for the checker: redirects, size and time capped like the crawler, a
 * gzip file (`.xml.gz`) inflated with the same 50 MB cap, HTML pages refused. Resolves with
 * the text; throws SitemapDownloadError with a message the checker can show. The hosted
 * checker, the desktop app and `mapsmith validate` all fetch through this one function.
 */
export async function downloadSitemap(fetcher: HttpFetcher, url: string): Promise<string> {
  return new TextDecoder('utf-8').decode(await downloadSitemapBytes(fetcher, url));
}

/**
 * `downloadSitemap` without the final decode: the sitemap's UTF-8 bytes (inflated when it was
 * gzip), for a caller that streams them on instead of holding the text too (the hosted checker).
 */
export async function downloadSitemapBytes(fetcher: HttpFetcher, url: string): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(SITEMAP_FETCH_LIMITS.timeMs);
  let res: FetchResponse;
  try {
    res = await fetchFollowing(fetcher, url, signal);
  } catch (err) {
    throw fetchFailure(signal.aborted ? new FetchError('timeout', 'ETIMEDOUT', false) : err);
  }
  if (res.status !== 200) {
    throw new SitemapDownloadError(
      502,
      `HTTP Error ${res.status}`,
      `The sitemap URL answered HTTP ${res.status}`,
      'sitemap.http-status',
    );
  }
  if (res.truncated) {
    throw new SitemapDownloadError(
      413,
      'Sitemap too large',
      'The sitemap is larger than 50 MB (52,428,800 bytes), the sitemap limit',
      'sitemap.too-large',
    );
  }
  // Servers label sitemaps every which way (application/x-xml, binary/octet-stream, ...), so
  // the bytes decide, not the Content-Type; only an HTML page is named as such.
  const type = mediaType(res.headers);
  if (!isGzip(res.body) && !looksLikeSitemap(res.body)) {
    throw new SitemapDownloadError(
      422,
      'Not a sitemap',
      HTML_TYPES.has(type)
        ? `The URL answered with an HTML page (${type}), not a sitemap`
        : `The URL answered with ${type || 'content'} that is neither XML, RSS nor gzip, so it is not a sitemap`,
      'sitemap.not-a-sitemap',
    );
  }
  let bytes: Uint8Array = res.body;
  if (isGzip(bytes)) {
    try {
      bytes = await gunzipAsync(bytes, { maxOutputLength: SITEMAP_FETCH_LIMITS.maxBytes });
    } catch (err) {
      const tooBig = (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE';
      throw tooBig
        ? new SitemapDownloadError(
            413,
            'Sitemap too large',
            'The gzip file inflates to more than 50 MB (52,428,800 bytes)',
            'sitemap.too-large',
          )
        : new SitemapDownloadError(
            422,
            'Bad gzip',
            'The gzip file could not be decompressed',
            'sitemap.bad-gzip',
          );
    }
  }
  return bytes;
}
