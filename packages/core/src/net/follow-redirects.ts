/**
 * The one redirect follower of every fetch made on a user's behalf (crawl pages, robots.txt,
 * sitemap seeding, the sitemap checker's download, the audit's live checks). The fetcher never
 * follows redirects itself, so each hop comes back here and is asked of the URL policy before
 * it gets a connection: a public page that redirects to 169.254.169.254 is refused by text
 * here and by address at connect time. Callers keep only what an outcome means to them.
 */
import type { RedirectHop } from '../crawler/types.js';
import { FetchError, type FetchResponse } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import { plural } from '../text/counts.js';
import { toFetchError } from './fetch-errors.js';

/**
 * How following ended. `chain` holds the redirect hops in order; `finalUrl` is the URL of the
 * last answer, or the URL that was refused, stopped or failed, or the target that closed a
 * loop or went past the limit.
 */
export type RedirectOutcome = { chain: RedirectHop[]; finalUrl: string } & (
  | {
      /** A final answer (not a redirect, or a 3xx without Location). */
      kind: 'response';
      response: FetchResponse;
    }
  | {
      /** The URL policy refused `finalUrl`; it was not fetched. */
      kind: 'refused';
      reason: string;
    }
  | {
      /** `mayFollow` refused the redirect target `finalUrl` (robots.txt); it was not fetched. */
      kind: 'stopped';
    }
  | {
      /** A redirect led back to a URL already in the chain. */
      kind: 'loop';
    }
  | {
      /** One more redirect than `maxRedirects` was answered. */
      kind: 'too-many';
      maxRedirects: number;
    }
  | {
      /** A redirect's Location is no URL; `response` is that redirect answer. */
      kind: 'bad-location';
      location: string;
      response: FetchResponse;
    }
  | {
      /** The fetch of `finalUrl` failed (network, timeout, cancellation). */
      kind: 'failed';
      error: FetchError;
    }
);

/** What `followRedirects` needs besides the first URL. */
export interface FollowRedirectsOptions {
  /** The SSRF guard, asked for the first URL and every redirect target. */
  policy: UrlPolicy;
  /** Redirects followed at most; one more redirect answer ends as `too-many`. */
  maxRedirects: number;
  /** Fetches one hop (the caller's method, headers, body cap, retries and signal). */
  fetch: (url: string) => Promise<FetchResponse>;
  /** Asked before fetching each redirect target; false ends as `stopped` (robots.txt). */
  mayFollow?: (url: string) => Promise<boolean>;
}

/** The Location of a redirect answer (any 3xx but 304 that names one), else null. */
export function redirectLocation(response: FetchResponse): string | null {
  const { status } = response;
  if (status < 300 || status >= 400 || status === 304) return null;
  return response.headers.location || null;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Fetches `url` and follows its redirects: every hop asked of the policy, relative Locations
 * resolved against the URL that answered, loops and hop counts bounded. A `fetch` that throws
 * ends as `failed` (a cancellation too: callers that must rethrow it check their own signal);
 * only `mayFollow` rejecting is passed on.
 */
export async function followRedirects(
  url: string,
  options: FollowRedirectsOptions,
): Promise<RedirectOutcome> {
  const chain: RedirectHop[] = [];
  const visited = new Set<string>([url]);
  let current = url;
  for (;;) {
    const parsed = parse(current);
    const decision = parsed
      ? options.policy.checkUrl(parsed)
      : { allowed: false as const, reason: `not a valid URL: ${current}` };
    if (!decision.allowed)
      return { kind: 'refused', reason: decision.reason, chain, finalUrl: current };
    if (current !== url && options.mayFollow && !(await options.mayFollow(current)))
      return { kind: 'stopped', chain, finalUrl: current };
    let response: FetchResponse;
    try {
      response = await options.fetch(current);
    } catch (err) {
      return { kind: 'failed', error: toFetchError(err), chain, finalUrl: current };
    }
    const location = redirectLocation(response);
    if (location === null) return { kind: 'response', response, chain, finalUrl: current };
    let next: string;
    try {
      next = new URL(location, current).href;
    } catch {
      return { kind: 'bad-location', location, response, chain, finalUrl: current };
    }
    chain.push({ url: current, status: response.status });
    current = next;
    if (visited.has(next)) return { kind: 'loop', chain, finalUrl: next };
    if (chain.length > options.maxRedirects)
      return { kind: 'too-many', maxRedirects: options.maxRedirects, chain, finalUrl: next };
    visited.add(next);
  }
}

/** The outcomes that did not end in an answer, as the FetchError a crawl records for them. */
export function redirectFailure(
  outcome: Exclude<RedirectOutcome, { kind: 'response' | 'bad-location' | 'stopped' }>,
): FetchError {
  switch (outcome.kind) {
    case 'refused':
      return new FetchError(outcome.reason, 'EBLOCKED', false);
    case 'loop':
      return new FetchError('redirect loop', 'EREDIRECTLOOP', false);
    case 'too-many':
      return new FetchError(
        `more than ${plural(outcome.maxRedirects, 'redirect')}`,
        'ETOOMANYREDIRECTS',
        false,
      );
    case 'failed':
      return outcome.error;
  }
}
