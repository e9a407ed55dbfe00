/**
 * Fetches one URL the way the crawler needs it: redirects followed by the core's one
 * `followRedirects` (at most `maxRedirects`, each hop asked of the URL policy and of
 * `mayFollow`, loops detected), and every hop retried with
 * exponential backoff for 429, 5xx and retryable network errors (`Retry-After` honoured). A try
 * that timed out is retried once at most, with the short `timeoutRetryMs` limit: a page that
 * never answers costs one timeout plus that retry, not a timeout per retry.
 */

import { followRedirects, redirectFailure } from '../net/follow-redirects.js';
import { isTimeout } from '../net/plain-reason.js';
import type { Clock } from '../ports/clock.js';
import { FetchError, type FetchResponse, type HttpFetcher } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { RedirectHop, TimedOut } from './types.js';

/** What came of fetching one URL. */
export interface FetchOutcome {
  /** Redirect hops from the requested URL, in order. */
  chain: RedirectHop[];
  /** The URL of the last answer (or of the hop that failed). */
  finalUrl: string;
  /** The final non-redirect answer; absent on failure. */
  response?: FetchResponse;
  /** Why it failed: a fetch error, a loop or too many redirects. */
  error?: FetchError;
  /** True when a redirect led to a URL `mayFollow` refused (robots.txt); it was not fetched. */
  stopped?: boolean;
  /** Total time spent, retries and backoff included. */
  elapsedMs: number;
  /** When the failed hop timed out (`timeoutMs` given): the limit of its first try and its tries. */
  timedOut?: TimedOut;
}

/** Knobs of `fetchPage`. */
export interface FetchPageOptions {
  /** Redirect hops followed. */
  maxRedirects: number;
  /** Retries for 429, 5xx and retryable errors. */
  maxRetries: number;
  /** Decoded body cap. */
  maxBodyBytes: number;
  /** First backoff step; doubles with every retry. */
  retryBaseMs: number;
  /** Longest wait honoured from Retry-After. */
  maxRetryAfterMs: number;
  /** Cancels everything. */
  signal?: AbortSignal;
  /** The request method of every hop (default GET; the sitemap audit asks with HEAD first). */
  method?: 'GET' | 'HEAD';
  /** Asked before fetching each redirect target; false stops there (robots.txt disallows it). */
  mayFollow?: (url: string) => Promise<boolean>;
  /** The limit of one try (headers and body), in ms; absent: the fetcher's own timeouts. */
  timeoutMs?: number;
  /** The limit of the one retry after a timed-out try (default `timeoutMs`). */
  timeoutRetryMs?: number;
}

const RETRY_STATUS = new Set([429, 500, 502, 503, 504]);

function retryAfterMs(value: string | undefined, now: number): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** The tries of one hop, counted as they are made. */
interface HopTries {
  tries: number;
  timeouts: number;
}

async function fetchWithRetries(
  url: string,
  fetcher: HttpFetcher,
  clock: Clock,
  o: FetchPageOptions,
  hop: HopTries,
): Promise<FetchResponse> {
  for (let attempt = 0; ; attempt++) {
    let wait = o.retryBaseMs * 2 ** attempt;
    // After a timeout the retry gets the short limit: a slow page is not waited for again in full.
    const timeoutMs = hop.timeouts > 0 ? (o.timeoutRetryMs ?? o.timeoutMs) : o.timeoutMs;
    hop.tries++;
    try {
      const res = await fetcher.fetch({
        url,
        maxBodyBytes: o.maxBodyBytes,
        signal: o.signal,
        ...(o.method ? { method: o.method } : {}),
        ...(timeoutMs ? { timeoutMs } : {}),
      });
      if (!RETRY_STATUS.has(res.status) || attempt >= o.maxRetries) return res;
      const after = retryAfterMs(res.headers['retry-after'], clock.now());
      if (after !== null) wait = Math.min(after, o.maxRetryAfterMs);
    } catch (err) {
      const fe = err instanceof FetchError ? err : new FetchError(String(err), 'EFETCH', false);
      if (!fe.retryable || attempt >= o.maxRetries || o.signal?.aborted) throw fe;
      if (isTimeout(fe) && hop.timeouts++ > 0) throw fe;
    }
    await clock.sleep(wait, o.signal);
  }
}

/** Fetches `url`, following redirects and retrying; never throws except on cancellation. */
export async function fetchPage(
  url: string,
  deps: { fetcher: HttpFetcher; policy: UrlPolicy; clock: Clock },
  o: FetchPageOptions,
): Promise<FetchOutcome> {
  const started = deps.clock.now();
  let tries: HopTries = { tries: 0, timeouts: 0 };
  const outcome = await followRedirects(url, {
    policy: deps.policy,
    maxRedirects: o.maxRedirects,
    fetch: (hop) => {
      tries = { tries: 0, timeouts: 0 };
      return fetchWithRetries(hop, deps.fetcher, deps.clock, o, tries);
    },
    ...(o.mayFollow ? { mayFollow: o.mayFollow } : {}),
  });
  const done = (extra: Partial<FetchOutcome>): FetchOutcome => ({
    chain: outcome.chain,
    finalUrl: outcome.finalUrl,
    elapsedMs: deps.clock.now() - started,
    ...extra,
  });
  switch (outcome.kind) {
    // A redirect whose Location is no URL is the page's answer: the crawl records the 3xx.
    case 'response':
    case 'bad-location':
      return done({ response: outcome.response });
    case 'stopped':
      return done({ stopped: true });
    case 'failed':
      if (o.signal?.aborted) throw o.signal.reason ?? outcome.error;
      if (o.timeoutMs && isTimeout(outcome.error))
        return done({
          error: outcome.error,
          timedOut: { limitMs: o.timeoutMs, tries: tries.tries },
        });
      return done({ error: outcome.error });
    default:
      return done({ error: redirectFailure(outcome) });
  }
}
