/**
 * Processes one frontier entry: robots check, polite fetch with redirects and retries, HTML
 * parse, optional rendering, verdict. Returns the record and the links to follow; the body is
 * dropped here, so nothing larger than a record outlives the page.
 */
import { isHtmlType } from '../contract/listable-types.js';
import type { Clock } from '../ports/clock.js';
import type { FrontierEntry } from '../ports/crawl-store.js';
import type { FetchResponse, HttpFetcher } from '../ports/fetcher.js';
import type { Logger } from '../ports/logger.js';
import { type PageRenderer, type RenderCredentials, RenderLeftPage } from '../ports/renderer.js';
import type { UrlPolicy } from '../ports/url-policy.js';
import type { RobotsGate } from '../robots/robots-gate.js';
import { decodeHtml } from './charset.js';
import { type FoundLink, isRedirectOnly, type PageFacts, pageFacts } from './extract/page-facts.js';
import { timedOutText } from './failure-text.js';
import { type FetchOutcome, fetchPage } from './fetch-page.js';
import type { HostGate } from './host-gate.js';
import type { CrawlOptions } from './options.js';
import { applyFacts, blankRecord, lastModified, mediaType } from './page-record.js';
import type { ParsePool } from './parse-pool.js';
import { appShellReason, type RenderPolicy } from './render-policy.js';
import type { PageRecord } from './types.js';
import { urlKey } from './url-key.js';
import { decideVerdict, ROBOTS_VERDICT } from './verdict.js';

/** What processing needs; one per crawl. */
export interface ProcessContext {
  /** The crawl's complete options. */
  options: CrawlOptions;
  /** HTTP client (SSRF-guarded). */
  fetcher: HttpFetcher;
  /** Headless browser, when rendering is possible. */
  renderer: PageRenderer | undefined;
  /** The SSRF guard, asked again for every redirect hop. */
  policy: UrlPolicy;
  /** Time, for backoff and politeness. */
  clock: Clock;
  /** Logger. */
  logger: Logger;
  /** robots.txt rules per origin. */
  robots: RobotsGate;
  /** Per-host politeness. */
  hosts: HostGate;
  /** The render decision state. */
  render: RenderPolicy;
  /** Parses pages, in-thread or in worker threads. */
  parser: ParsePool;
  /** First retry backoff. */
  retryBaseMs: number;
  /** Render timeout per page. */
  renderTimeoutMs: number;
  /** Whether a URL is already queued or crawled: a redirect to it is not followed again. */
  isKnown?: (url: string) => boolean;
  /** This crawl's id with the renderer, whose slots are shared fairly between crawls. */
  renderOwner: string;
  /** Whom the crawl is for, with the renderer: slots are shared between users first. */
  renderUser?: string;
  /** The crawl's credentials for the renderer (its own site only); absent without any. */
  renderCredentials?: RenderCredentials;
}

/** The outcome of one entry. */
export interface Processed {
  /** The record to save. */
  record: PageRecord;
  /** Links to consider for the frontier (already stripped of nofollow ones unless followed). */
  links: FoundLink[];
  /**
   * The redirect target's own answer, when the redirect was followed to a final response: the
   * crawl records the target from it instead of fetching it a second time (issue 18).
   */
  landed?: { response: FetchResponse; elapsedMs: number };
  /** Why the page looks like a JavaScript app, when it does and this crawl cannot render it. */
  appShell?: string;
}

function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}

/**
 * A script redirect seen only when rendering: the page tried to leave for another document
 * while its scripts ran, and it is nothing but a way on (`isRedirectOnly`). A real page that
 * leaves keeps its own content (the render failed; its static HTML is used).
 */
function scriptRedirect(err: unknown, facts: PageFacts): PageFacts['clientRedirect'] {
  if (!(err instanceof RenderLeftPage) || facts.clientRedirect || !isRedirectOnly(facts))
    return null;
  return /^https?:/.test(err.target) ? { via: 'script', url: err.target, seen: 'render' } : null;
}

async function renderInto(
  ctx: ProcessContext,
  record: PageRecord,
  facts: PageFacts,
  decision: { reason: string; sampleOf: string | null },
  res: FetchResponse,
  signal: AbortSignal,
): Promise<PageFacts> {
  const { reason, sampleOf } = decision;
  let added: PageFacts['links'] | null = null;
  try {
    const result = await (ctx.renderer as PageRenderer).render({
      url: record.finalUrl,
      blockMedia: true,
      timeoutMs: ctx.renderTimeoutMs,
      signal,
      // The browser is served this fetch instead of asking the site again.
      document: { status: res.status, headers: res.headers, body: res.body },
      mayRequest: async (url) => (await ctx.robots.rulesFor(new URL(url), signal)).isAllowed(url),
      owner: ctx.renderOwner,
      user: ctx.renderUser,
      ...(ctx.renderCredentials ? { credentials: ctx.renderCredentials } : {}),
    });
    // History changes keep the document (links resolve against its new URL); another origin
    // means the content is not this page's.
    if (!sameOrigin(result.finalUrl, record.finalUrl))
      throw new Error(`the render ended on ${result.finalUrl}`);
    const rendered = pageFacts(result.html, result.finalUrl, res.headers);
    const staticKeys = new Set(facts.links.map((l) => urlKey(l.url)));
    added = rendered.links.filter((l) => !staticKeys.has(urlKey(l.url)));
    record.rendered = true;
    if (sampleOf && added.length === 0) {
      record.renderReason = `${reason}: none found`;
      return facts;
    }
    record.renderReason = reason;
    // Rendered links add to the static ones: a script may also remove links it replaces.
    return { ...rendered, links: [...facts.links, ...added] };
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    const left = scriptRedirect(err, facts);
    if (left) {
      record.rendered = true;
      record.renderReason = `${reason}: its script sent the browser on to ${left.url}`;
      return { ...facts, clientRedirect: left };
    }
    ctx.logger.warn('render failed; static HTML used', {
      url: record.finalUrl,
      error: (err as Error).message,
    });
    record.renderReason = `render failed (${(err as Error).message}); static HTML used`;
    return facts;
  } finally {
    if (sampleOf) ctx.render.sampled(sampleOf, added?.length ?? null);
  }
}

/** Processes one entry; throws only when the crawl is cancelled. */
export async function processEntry(
  ctx: ProcessContext,
  entry: FrontierEntry,
  signal: AbortSignal,
): Promise<Processed> {
  const record = blankRecord(entry);
  const url = new URL(entry.url);
  const rules = await ctx.robots.rulesFor(url, signal);
  if (!rules.isAllowed(entry.url)) {
    record.verdict = ROBOTS_VERDICT;
    record.error = rules.error ?? null;
    return { record, links: [] };
  }
  if (rules.crawlDelaySeconds) ctx.hosts.setDelay(url.host, rules.crawlDelaySeconds * 1000);
  const release = await ctx.hosts.acquire(url.host, signal);
  let outcome: FetchOutcome;
  try {
    outcome = await fetchPage(entry.url, ctx, {
      maxRedirects: ctx.options.maxRedirects,
      maxRetries: ctx.options.maxRetries,
      maxBodyBytes: ctx.options.maxBodyBytes,
      retryBaseMs: ctx.retryBaseMs,
      maxRetryAfterMs: 30_000,
      timeoutMs: ctx.options.pageTimeoutMs,
      timeoutRetryMs: ctx.options.timeoutRetryMs,
      signal,
      // A redirect into a disallowed path stops there; its target is queued and recorded as
      // blocked. A redirect to a page already queued or crawled stops too: it is fetched once.
      mayFollow: async (hop) =>
        !ctx.isKnown?.(hop) && (await ctx.robots.rulesFor(new URL(hop), signal)).isAllowed(hop),
    });
  } finally {
    release();
  }
  const processed = await recordOutcome(ctx, record, outcome, signal);
  if (outcome.chain.length > 0 && outcome.response)
    processed.landed = { response: outcome.response, elapsedMs: outcome.elapsedMs };
  return processed;
}

/** Records the redirect target of an entry from the answer its redirect already fetched. */
export function processLanded(
  ctx: ProcessContext,
  entry: FrontierEntry,
  landed: NonNullable<Processed['landed']>,
  signal: AbortSignal,
): Promise<Processed> {
  const outcome: FetchOutcome = {
    chain: [],
    finalUrl: entry.url,
    response: landed.response,
    elapsedMs: landed.elapsedMs,
  };
  return recordOutcome(ctx, blankRecord(entry), outcome, signal);
}

async function recordOutcome(
  ctx: ProcessContext,
  record: PageRecord,
  outcome: FetchOutcome,
  signal: AbortSignal,
): Promise<Processed> {
  record.redirectChain = outcome.chain;
  record.finalUrl = outcome.finalUrl;
  record.responseTimeMs = Math.round(outcome.elapsedMs);
  const res = outcome.response;
  const links: FoundLink[] = [];
  let appShell: string | null = null;
  if (outcome.chain.length > 0 && !outcome.error)
    links.push({ url: outcome.finalUrl, nofollow: false, via: 'redirect' });
  if (!res) {
    record.error = outcome.stopped ? null : (outcome.error?.message ?? 'no answer');
    if (outcome.timedOut) {
      // Counted at its limit: what one try waited without an answer (the spent time is in words).
      record.timedOut = outcome.timedOut;
      record.error = timedOutText(outcome.timedOut, outcome.elapsedMs);
      record.responseTimeMs = outcome.timedOut.limitMs;
    }
    record.verdict = decideVerdict(record, record.error, ctx.options.listQueryUrls);
    return { record, links };
  }
  record.status = res.status;
  record.contentType = mediaType(res.headers['content-type']);
  record.bytes = res.body.byteLength;
  record.lastModified = lastModified(res.headers['last-modified']);
  if (res.truncated) record.error = `body cut at ${ctx.options.maxBodyBytes} bytes`;
  const sniffHtml =
    record.contentType === null && /^\s*</.test(decodeHtml(res.body.subarray(0, 64), undefined));
  if (
    res.status === 200 &&
    outcome.chain.length === 0 &&
    (isHtmlType(record.contentType) || sniffHtml)
  ) {
    // A crawl that may render still needs the body for the browser; otherwise it moves.
    let facts = await ctx.parser.parse(
      { body: res.body, url: record.finalUrl, headers: res.headers },
      ctx.renderer !== undefined,
    );
    const decision = await ctx.render.decide(record.finalUrl, facts, signal);
    if (decision.render) facts = await renderInto(ctx, record, facts, decision, res, signal);
    else record.renderReason = decision.skipped;
    applyFacts(record, facts);
    if (facts.clientRedirect) {
      // Its only link is its target: the hop counts as a link to it (`link-admission.ts`).
      record.clientRedirect = facts.clientRedirect;
      record.verdict = decideVerdict(record, null, ctx.options.listQueryUrls);
      links.push({ url: facts.clientRedirect.url, nofollow: false, via: 'redirect' });
      return { record, links };
    }
    const pageNofollow = facts.robots.nofollow && !ctx.options.followNofollow;
    if (!pageNofollow)
      for (const link of facts.links)
        if (!link.nofollow || ctx.options.followNofollow) links.push(link);
    if (!decision.render && !ctx.render.renders) appShell = appShellReason(facts);
  }
  record.verdict = decideVerdict(record, null, ctx.options.listQueryUrls);
  return appShell ? { record, links, appShell } : { record, links };
}
