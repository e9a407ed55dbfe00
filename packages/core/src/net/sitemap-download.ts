import type { ErrorCode } from '../contract/error-codes.js';
import { ERROR_STATUS } from '../contract/error-status.js';
import { isHtmlType } from '../contract/listable-types.js';
import { FetchError, type FetchResponse, type HttpFetcher } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { followRedirects } from './follow-redirects.js';
import { GunzipError, gunzipIfGzip } from './gunzip-capped.js';
import { isTlsFailure, plainFetchReason } from './plain-reason.js';
import { isGzip, looksLikeSitemap, looksLikeTextSitemap } from './sitemap-sniff.js';

/**
 * Why a sitemap could not be downloaded, with the HTTP status a hosted answer should carry
 * (400 refused address, 413 too large, 422 not a sitemap, 502 fetch failed, 504 timed out),
 * a short title and a sentence the checker can show.
 */
export class SitemapDownloadError extends Error {
  /** Creates the error; `error` is the short title, `message` the sentence to show. */
  constructor(
    readonly error: string,
    message: string,
    /** The contract's stable code for this failure. */
    readonly code: ErrorCode = 'sitemap.fetch-failed',
  ) {
    super(message);
    this.name = 'SitemapDownloadError';
  }

  /** The status its code answers with (`ERROR_STATUS`). */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** The caps of the checker's fetch: the crawler's redirect limit, the 50 MB sitemap limit. */
export const SITEMAP_FETCH_LIMITS = {
  maxRedirects: 5,
  maxBytes: 52_428_800,
  timeMs: 30_000,
} as const;

function mediaType(headers: Record<string, string>): string {
  return (headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** What a download needs: the guarded fetcher and the policy every redirect hop is asked of. */
export interface SitemapDownloadDeps {
  fetcher: HttpFetcher;
  policy: UrlPolicy;
}

/** Follows redirects through the core's one follower; the checker's words for what went wrong. */
async function fetchFollowing(
  deps: SitemapDownloadDeps,
  url: string,
  signal: AbortSignal,
): Promise<FetchResponse> {
  const outcome = await followRedirects(url, {
    policy: deps.policy,
    maxRedirects: SITEMAP_FETCH_LIMITS.maxRedirects,
    fetch: (hop) =>
      deps.fetcher.fetch({
        url: hop,
        maxBodyBytes: SITEMAP_FETCH_LIMITS.maxBytes,
        signal,
        headers: { accept: 'application/xml,text/xml;q=0.9,*/*;q=0.5' },
      }),
  });
  switch (outcome.kind) {
    case 'response':
      return outcome.response;
    case 'failed':
      throw outcome.error;
    case 'refused':
      throw new FetchError(outcome.reason, 'EBLOCKED', false);
    case 'bad-location':
      throw new SitemapDownloadError(
        'Bad redirect',
        `The redirect to "${outcome.location}" is not a valid URL`,
      );
    case 'loop':
      throw new SitemapDownloadError(
        'Too many redirects',
        `The redirects from ${url} go round in a loop (back to ${outcome.finalUrl})`,
      );
    default:
      // 'too-many': nothing is `stopped`, since no `mayFollow` is given.
      throw new SitemapDownloadError(
        'Too many redirects',
        `More than ${SITEMAP_FETCH_LIMITS.maxRedirects} redirects from ${url}`,
      );
  }
}

/** Maps a fetch failure to the answer the checker shows. */
function fetchFailure(err: unknown): SitemapDownloadError {
  if (err instanceof SitemapDownloadError) return err;
  if (err instanceof FetchError) {
    if (err.code === 'EBLOCKED')
      return new SitemapDownloadError('URL not allowed', err.message, 'sitemap.url-not-allowed');
    if (err.code === 'ETIMEDOUT' || err.code === 'EABORTED') {
      return new SitemapDownloadError(
        'Timed out',
        'The sitemap did not download in time',
        'sitemap.timeout',
      );
    }
    return new SitemapDownloadError(
      'Fetch failed',
      `Could not fetch the sitemap (${plainFetchReason(err)}).${isTlsFailure(err) ? ' If the site only speaks plain HTTP, use an http:// address.' : ''}`,
    );
  }
  return new SitemapDownloadError('Fetch failed', 'Could not fetch the sitemap');
}

/**
 * Downloads a sitemap for the checker: redirects, size and time capped like the crawler, a
 * gzip file (`.xml.gz`) inflated with the same 50 MB cap, HTML pages refused. Resolves with
 * the text; throws SitemapDownloadError with a message the checker can show. The hosted
 * checker, the desktop app and `mapsmith validate` all fetch through this one function.
 */
export async function downloadSitemap(deps: SitemapDownloadDeps, url: string): Promise<string> {
  return new TextDecoder('utf-8').decode(await downloadSitemapBytes(deps, url));
}

/**
 * `downloadSitemap` without the final decode: the sitemap's UTF-8 bytes (inflated when it was
 * gzip), for a caller that streams them on instead of holding the text too (the hosted checker).
 */
export async function downloadSitemapBytes(
  deps: SitemapDownloadDeps,
  url: string,
): Promise<Uint8Array> {
  const signal = AbortSignal.timeout(SITEMAP_FETCH_LIMITS.timeMs);
  let res: FetchResponse;
  try {
    res = await fetchFollowing(deps, url, signal);
  } catch (err) {
    throw fetchFailure(signal.aborted ? new FetchError('timeout', 'ETIMEDOUT', false) : err);
  }
  if (res.status !== 200) {
    throw new SitemapDownloadError(
      `HTTP Error ${res.status}`,
      `The sitemap URL answered HTTP ${res.status}`,
      'sitemap.http-status',
    );
  }
  if (res.truncated) {
    throw new SitemapDownloadError(
      'Sitemap too large',
      'The sitemap is larger than 50 MB (52,428,800 bytes), the sitemap limit',
      'sitemap.too-large',
    );
  }
  // Servers label sitemaps every which way (application/x-xml, binary/octet-stream, ...), so
  // the bytes decide, not the Content-Type; only an HTML page is named as such. A text sitemap
  // (one URL a line, usually text/plain) is a sitemap too, as for uploads and crawls.
  const type = mediaType(res.headers);
  const text = !isHtmlType(type) && looksLikeTextSitemap(res.body);
  if (!isGzip(res.body) && !looksLikeSitemap(res.body) && !text) {
    throw new SitemapDownloadError(
      'Not a sitemap',
      isHtmlType(type)
        ? `The URL answered with an HTML page (${type}), not a sitemap`
        : `The URL answered with ${type || 'content'} that is neither XML, RSS nor gzip, so it is not a sitemap`,
      'sitemap.not-a-sitemap',
    );
  }
  try {
    return await gunzipIfGzip(res.body, SITEMAP_FETCH_LIMITS.maxBytes);
  } catch (err) {
    if (!(err instanceof GunzipError)) throw err;
    throw err.tooLarge
      ? new SitemapDownloadError(
          'Sitemap too large',
          'The gzip file inflates to more than 50 MB (52,428,800 bytes)',
          'sitemap.too-large',
        )
      : new SitemapDownloadError(
          'Bad gzip',
          'The gzip file could not be decompressed',
          'sitemap.bad-gzip',
        );
  }
}
