/**
 * The live check of one listed URL: asked of the URL policy first (a refused address never
 * gets a connection), then of robots.txt, then with HEAD through the one guarded fetcher
 * (the crawl's `fetchPage`, so the core's one `followRedirects` asks every hop again), then
 * with GET where HEAD is refused (405, 501) or where an HTML page's body must say whether it
 * is noindex or canonicalised.
 */

import type { AuditResult } from '../contract/audit-schemas.js';
import { isHtmlType } from '../contract/listable-types.js';
import { extractHtml } from '../crawler/extract/html-extractor.js';
import { parseLinkHeader, parseRobotsHeader } from '../crawler/extract/page-facts.js';
import { type FetchOutcome, fetchPage } from '../crawler/fetch-page.js';
import type { HostGate } from '../crawler/host-gate.js';
import { mediaType } from '../crawler/page-record.js';
import { urlKey } from '../crawler/url-key.js';
import { isTimeout, plainFetchReason } from '../net/plain-reason.js';
import type { Clock } from '../ports/clock.js';
import type { HttpFetcher } from '../ports/fetcher.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { RobotsGate } from '../robots/robots-gate.js';
import type { HostGiveUp } from './host-give-up.js';
import { auditVerdictOf } from './verdicts.js';

/**
 * What a check needs: the guarded fetcher and its policy, robots.txt, the host gate, and the
 * audit's record of hosts that never answer.
 */
export interface UrlCheckDeps {
  fetcher: HttpFetcher;
  policy: UrlPolicy;
  clock: Clock;
  robots: RobotsGate;
  hosts: HostGate;
  giveUp?: HostGiveUp;
}

/** Knobs of one check. */
export interface UrlCheckOptions {
  /** Redirect hops followed (default 5). */
  maxRedirects: number;
  /** Retries for 429, 5xx and network errors (default 1). */
  maxRetries: number;
  /** Bytes of an HTML page read for its robots meta and canonical (the head is enough). */
  maxHtmlBytes: number;
  /** Above this, a URL is reported as slow. */
  slowMs: number;
  signal?: AbortSignal;
}

const HEAD_REFUSED = new Set([405, 501]);

function hostOf(url: string): string {
  return new URL(url).host;
}

/** Whether `canonical` names another URL than `page` (same normalized key is the same URL). */
function elsewhere(canonical: string | null, page: string): string | null {
  if (!canonical) return null;
  const a = urlKey(canonical);
  return a !== null && a !== urlKey(page) ? canonical : null;
}

/**
 * Checks one listed URL; never throws except when `signal` aborts or `settle` throws. `settle`
 * gets the result while the URL's host slot is still held, so a result is saved before its
 * slot frees: a crash leaves at most the per-host concurrency of checks unsaved.
 */
export async function checkListedUrl(
  url: string,
  sitemap: string | null,
  deps: UrlCheckDeps,
  o: UrlCheckOptions & { settle?: (result: AuditResult) => Promise<void> },
): Promise<AuditResult> {
  const slot: { release?: () => void } = {};
  try {
    const result = await probe(url, sitemap, deps, o, (release) => {
      slot.release = release;
    });
    await o.settle?.(result);
    return result;
  } finally {
    slot.release?.();
  }
}

async function probe(
  url: string,
  sitemap: string | null,
  deps: UrlCheckDeps,
  o: UrlCheckOptions,
  hold: (release: () => void) => void,
): Promise<AuditResult> {
  const started = deps.clock.now();
  const result: AuditResult = {
    url,
    verdict: 'fine',
    status: null,
    redirectStatus: null,
    redirectTarget: null,
    noindex: false,
    canonical: null,
    blocked: false,
    contentType: null,
    responseMs: 0,
    error: null,
    sitemap,
  };
  const finish = (refused = false, notChecked = false): AuditResult => {
    result.responseMs = Math.max(0, Math.round(deps.clock.now() - started));
    result.verdict = auditVerdictOf({ ...result, refused, notChecked }, o.slowMs);
    return result;
  };
  // Asked before robots.txt (its fetch would wait a timeout too) and again once a slot is held.
  const givenUp = (host: string): boolean => {
    if (!deps.giveUp?.gaveUp(host)) return false;
    result.error = deps.giveUp.reason();
    return true;
  };
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    result.error = 'not a valid URL';
    return finish(true);
  }
  const decision = deps.policy.checkUrl(parsed);
  if (!decision.allowed) {
    result.error = decision.reason;
    return finish(true);
  }
  if (givenUp(parsed.host)) return finish(false, true);
  const allowed = async (target: string): Promise<boolean> => {
    const rules = await deps.robots.rulesFor(new URL(target), o.signal);
    if (rules.crawlDelaySeconds !== undefined)
      deps.hosts.setDelay(hostOf(target), rules.crawlDelaySeconds * 1000);
    return rules.isAllowed(target);
  };
  if (!(await allowed(url))) {
    result.blocked = true;
    return finish();
  }
  hold(await deps.hosts.acquire(parsed.host, o.signal));
  if (givenUp(parsed.host)) return finish(false, true);
  let outcome: FetchOutcome;
  const fetchDeps = { fetcher: deps.fetcher, policy: deps.policy, clock: deps.clock };
  const base = {
    maxRedirects: o.maxRedirects,
    maxRetries: o.maxRetries,
    retryBaseMs: 500,
    maxRetryAfterMs: 10_000,
    mayFollow: allowed,
    ...(o.signal ? { signal: o.signal } : {}),
  };
  outcome = await fetchPage(url, fetchDeps, { ...base, method: 'HEAD', maxBodyBytes: 0 });
  deps.giveUp?.record(parsed.host, outcome.error !== undefined && isTimeout(outcome.error));
  const headRefused = outcome.response && HEAD_REFUSED.has(outcome.response.status);
  const type = mediaType(outcome.response?.headers['content-type']);
  const needsBody = outcome.response?.status === 200 && (type === null || isHtmlType(type));
  if (headRefused || needsBody) {
    // The GET starts where HEAD ended, so its redirect hops are not asked twice.
    const from = headRefused ? url : outcome.finalUrl;
    const get = await fetchPage(from, fetchDeps, { ...base, maxBodyBytes: o.maxHtmlBytes });
    outcome = headRefused ? get : { ...get, chain: outcome.chain };
  }
  const first = outcome.chain[0];
  if (first) {
    result.redirectStatus = first.status;
    result.redirectTarget = outcome.finalUrl;
  }
  if (outcome.stopped) {
    result.blocked = true;
    return finish();
  }
  if (outcome.error) {
    if (outcome.error.code === 'EBLOCKED') {
      result.error = outcome.error.message;
      return finish(true);
    }
    if (outcome.error.code === 'EREDIRECTLOOP' || outcome.error.code === 'ETOOMANYREDIRECTS')
      result.error =
        outcome.error.code === 'EREDIRECTLOOP' ? 'redirect loop' : 'too many redirects';
    else result.error = plainFetchReason(outcome.error);
    return finish();
  }
  const res = outcome.response;
  if (!res) return finish();
  result.status = res.status;
  result.contentType = mediaType(res.headers['content-type']);
  const headerRobots = parseRobotsHeader(res.headers['x-robots-tag']);
  const header = parseLinkHeader(res.headers.link, new URL(outcome.finalUrl));
  let canonical = header.canonical;
  let robots = headerRobots;
  if (res.body.byteLength > 0 && (result.contentType === null || isHtmlType(result.contentType))) {
    const raw = extractHtml(new TextDecoder().decode(res.body));
    robots = [...robots, ...raw.robotsMeta];
    if (raw.canonical) {
      try {
        canonical = new URL(raw.canonical, outcome.finalUrl).href;
      } catch {
        // An unusable canonical href names no other URL.
      }
    }
  }
  result.noindex = robots.some((d) =>
    d.split(/[\s,]+/).some((t) => t === 'noindex' || t === 'none'),
  );
  result.canonical = elsewhere(canonical, outcome.finalUrl);
  return finish();
}
