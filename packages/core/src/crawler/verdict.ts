/**
 * The sitemap verdict of decisions.md "URLs that belong in a sitemap": listed only when it
 * answered 200 with HTML (or a listed document type), is allowed by robots.txt, is not noindex
 * and its canonical points to itself. The reason texts are the ones the report shows.
 */
import { isListableType } from '../contract/listable-types.js';
import type { ClientRedirect, ExclusionCode, PageRecord, Verdict } from './types.js';
import { displayTarget, urlKey } from './url-key.js';

/** Builds an exclusion. */
export function excluded(code: ExclusionCode, reason: string): Verdict {
  return { included: false, code, reason };
}

/** The verdict for a robots.txt refusal. */
export const ROBOTS_VERDICT = excluded('robots', 'blocked by robots.txt');

/** The verdict of a URL outside the site that a page links to (a report row, never fetched). */
export const OUTSIDE_VERDICT = excluded('out-of-scope', 'excluded: outside the site');

/** Whether a record is such an outside URL: not a URL of the site, and never fetched. */
export function isOutside(page: Pick<PageRecord, 'verdict'>): boolean {
  return !page.verdict.included && page.verdict.code === 'out-of-scope';
}

/** A client-side redirect's kind in words: "client-side redirect (meta refresh)", "script redirect". */
export function clientRedirectKind(redirect: Pick<ClientRedirect, 'via'>): string {
  return redirect.via === 'meta refresh'
    ? 'client-side redirect (meta refresh)'
    : 'script redirect';
}

/** Whether a URL sends its visitor elsewhere: an HTTP redirect or a client-side one. */
export function redirectsElsewhere(page: Pick<PageRecord, 'redirectChain' | 'clientRedirect'>) {
  return page.redirectChain.length > 0 || Boolean(page.clientRedirect);
}

/** Decides the verdict of a fetched record (robots refusals are decided before fetching). */
export function decideVerdict(
  record: Pick<
    PageRecord,
    | 'url'
    | 'finalUrl'
    | 'redirectChain'
    | 'status'
    | 'contentType'
    | 'robots'
    | 'canonical'
    | 'clientRedirect'
  > &
    Partial<Pick<PageRecord, 'timedOut'>>,
  fetchError: string | null,
  listQueryUrls: boolean,
): Verdict {
  // Each parse of a URL costs; the listed page, the usual one, needs none of these.
  const origin = () => new URL(record.url).origin;
  const first = record.redirectChain[0];
  if (fetchError) {
    // Slow is not broken: a URL that did not answer in time has its own verdict.
    if (record.timedOut) return excluded('timeout', `excluded: ${fetchError}`);
    if (first)
      return excluded(
        'redirect',
        `excluded: ${fetchError} (${first.status} -> ${displayTarget(record.finalUrl, origin())})`,
      );
    return excluded('error', `excluded: ${fetchError}`);
  }
  if (first)
    return excluded(
      'redirect',
      `excluded: ${first.status} -> ${displayTarget(record.finalUrl, origin())}`,
    );
  if (record.status !== 200) return excluded('status', `excluded: ${record.status}`);
  const type = record.contentType ?? '';
  if (!isListableType(type))
    return excluded('content-type', `excluded: content type ${type || 'unknown'}`);
  // A page that only sends the browser elsewhere is a redirect, not a page to list.
  const client = record.clientRedirect;
  if (client)
    return excluded(
      'redirect',
      `excluded: ${clientRedirectKind(client)} -> ${displayTarget(client.url, origin())}`,
    );
  if (record.robots.noindex) return excluded('noindex', 'excluded: noindex');
  // A page naming itself as written is its own canonical (keys of one text are one key).
  if (record.canonical && record.canonical !== record.finalUrl) {
    const canonicalKey = urlKey(record.canonical);
    if (canonicalKey && canonicalKey !== urlKey(record.finalUrl))
      return excluded(
        'canonical',
        `excluded: canonical -> ${displayTarget(canonicalKey, origin())}`,
      );
  }
  if (!listQueryUrls && record.url.includes('?') && new URL(record.url).search)
    return excluded('query', 'excluded: query string (crawled, not listed)');
  return { included: true };
}
