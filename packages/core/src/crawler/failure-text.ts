import { FETCH_REASON, plainFailureText } from '../net/plain-reason.js';
import { plural } from '../text/counts.js';
import { ROBOTS_TOKEN } from '../version.js';
import type { TimedOut } from './types.js';

const ROBOTS_UNREACHABLE = /^robots\.txt unreachable: (.*)$/;

/**
 * Why a crawl could not start, written for the person who asked for it: what happened, in plain
 * words, and what it means. `error` is the start page's recorded fetch error.
 */
export function startUrlFailureText(error: string): string {
  const robots = ROBOTS_UNREACHABLE.exec(error);
  if (robots) {
    return `We could not reach the site's robots.txt (${plainFailureText(robots[1] ?? '')}), so we did not crawl: a site whose robots.txt is unreachable asks crawlers to stay away.`;
  }
  return `We could not reach the start page (${plainFailureText(error)}). Check the address, and that the site is online and reachable from the internet.`;
}

/** The first words of the failure a refused start page ends a crawl with (issue 29). */
const CREDENTIALS_REFUSED = 'The site refused the credentials';
const CREDENTIALS_REQUIRED = 'The site asks for credentials';

/**
 * Why a crawl stopped at its start page when it answered `status` 401 or 403, in plain words;
 * null when the status is no refusal (a 403 without credentials is the site turning crawlers
 * away, said by the page's own row). `withCredentials`: the crawl carried some. The sentence
 * names no credential, only that there were some.
 */
export function credentialsFailureText(status: number, withCredentials: boolean): string | null {
  if (status !== 401 && status !== 403) return null;
  const answer = `its start page answered ${status} (${status === 401 ? 'Unauthorized' : 'Forbidden'})`;
  if (withCredentials)
    return `${CREDENTIALS_REFUSED} given for this crawl: ${answer}. Check the user name, password and headers in the crawl settings.`;
  if (status === 403) return null;
  return `${CREDENTIALS_REQUIRED}: ${answer}. If it is a staging site behind a login, add its user name and password (or its header) to the crawl settings.`;
}

/**
 * The contract's code of a crawl's failure text, when it is one a program may act on (the
 * credentials were refused, or are needed); null for any other failure.
 */
export function crawlFailureCode(
  error: string | null,
): 'crawl.credentials-refused' | 'crawl.credentials-required' | null {
  if (error?.startsWith(CREDENTIALS_REFUSED)) return 'crawl.credentials-refused';
  if (error?.startsWith(CREDENTIALS_REQUIRED)) return 'crawl.credentials-required';
  return null;
}

/** The words every timed-out URL's failure starts with. */
export const TIMED_OUT = 'timed out after';

/** A duration in seconds as the report writes it: "15 s", "1.5 s". */
export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/**
 * Why a URL has no answer when it did not answer in time: the limit of one try, the tries and
 * the time spent in all ("timed out after 15 s (2 tries, 18.5 s in all)"). Slow is not broken.
 */
export function timedOutText(timedOut: TimedOut, spentMs: number): string {
  const tries = plural(timedOut.tries, 'try', 'tries');
  return `${TIMED_OUT} ${seconds(timedOut.limitMs)} (${tries}, ${seconds(spentMs)} in all)`;
}

/**
 * The progress panel's words while fetches run longer than a second: what the crawl waits for
 * and how long it will wait ("Waiting for 2 slow pages: each gets 15 s, then one short retry.").
 * Null when nothing is slow.
 */
export function slowPagesNote(progress: {
  slowInFlight?: number;
  pageTimeoutMs?: number;
}): string | null {
  const n = progress.slowInFlight ?? 0;
  if (n === 0) return null;
  const limit = progress.pageTimeoutMs
    ? ` each gets ${seconds(progress.pageTimeoutMs)}, then one short retry`
    : '';
  return `Waiting for ${plural(n, 'slow page')}${limit ? `:${limit}` : ''}.`;
}

const GENERAL_TIPS = [
  'Check that the address is correct and opens in your browser.',
  'If the site was down or busy, wait a few minutes and try again.',
];

const BLOCKED_TIP = `If the site opens in your browser, a firewall or bot protection may turn crawlers away: allow the user agent ${ROBOTS_TOKEN}.`;

/**
 * What to try after a failed crawl, for the failure it was (the text `startUrlFailureText` or the
 * crawl wrote, whose reason is a `FETCH_REASON`; an unreachable robots.txt is the site being
 * unreachable): only what is true for this failure, on any plan.
 */
export function failureTips(error: string | null): string[] {
  const text = error ?? '';
  const code = crawlFailureCode(error);
  if (code === 'crawl.credentials-refused')
    return [
      'Check the user name and password (or the header) the staging site expects, then crawl again.',
      'Open the start page in a private browser window with the same credentials to be sure they work.',
    ];
  if (code === 'crawl.credentials-required')
    return [
      'Crawling a site behind a login takes its credentials: add them in the crawl settings (Pro).',
      ...GENERAL_TIPS.slice(0, 1),
    ];
  if (text.includes(FETCH_REASON.notFound))
    return [
      'Check the address for typing mistakes: no server answers to this name.',
      'A new domain can take a few hours to be found everywhere; try again later.',
    ];
  if (text.includes(FETCH_REASON.tls))
    return [
      'If the site has no HTTPS, start from its http:// address.',
      "Check the site's certificate: it must be valid for this host name.",
    ];
  if (text.includes(FETCH_REASON.timeout) || text.includes(TIMED_OUT))
    return [
      'The site answered too slowly: try again when it is less busy.',
      ...GENERAL_TIPS.slice(0, 1),
    ];
  if (
    text.includes(FETCH_REASON.refused) ||
    text.includes(FETCH_REASON.closed) ||
    text.includes(FETCH_REASON.failed)
  )
    return [...GENERAL_TIPS, BLOCKED_TIP];
  return GENERAL_TIPS;
}
