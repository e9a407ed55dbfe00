/**
 * The honest outcome of a crawl: what ended it in one sentence, why nothing was listed (built
 * from the verdicts), "73 pages, 68 listed", and for each sitemap download whether its file can
 * exist and why not. Both shells build `crawl.get`'s `outcome` with these.
 */
import { EXPORT_FORMATS, type ExportFormat } from '../contract/formats.js';
import type {
  CrawlOutcome,
  DownloadAvailability,
  EndReason,
  ReportCount,
  ReportReason,
} from '../contract/report-schemas.js';
import type { EndedBy, PageRecord } from '../crawler/types.js';
import { UNIFORM_LASTMOD_NOTE, UniformLastmod } from '../export/uniform-lastmod.js';
import { imageElements } from '../export/urlset.js';
import { missingVideoFields } from '../export/videos.js';
import { URLS_PER_PAGE, urlLimit } from '../limits/page-count.js';
import { formatCount as n, plural } from '../text/counts.js';
import { growthSentence } from './growth-outcome.js';

/** "73 pages, 68 listed". */
export function pagesText(pages: number, listed: number): string {
  return `${plural(pages, 'page', 'pages')}, ${n(listed)} listed`;
}

/** Which limit set a job's page cap, as the shell knows it. */
export interface CapFacts {
  /** The plan's name as users read it ("free", "Pro"). */
  planName: string;
  /** The plan's pages per crawl; null when the plan has none (Pro). */
  planCap: number | null;
  /** The job's page cap (plan cap, what the month had left, or the engineering cap). */
  pageCap: number;
  /** The plan's pages per month; null without a quota. */
  monthQuota: number | null;
  /** True when the store refused a page because the monthly quota ran out. */
  quotaHit: boolean;
}

/** What ended the crawl, from the crawler's `endedBy` and which cap applied. */
export function endReasonOf(endedBy: EndedBy | null, cap: CapFacts): EndReason {
  if (endedBy === null) return 'interrupted';
  if (endedBy !== 'page-limit') return endedBy;
  if (cap.quotaHit || (cap.planCap !== null && cap.pageCap < cap.planCap)) return 'monthly-quota';
  return cap.planCap !== null ? 'plan-limit' : 'engineering-limit';
}

/** One sentence on how a crawl ended when it did not simply finish; null when it finished. */
export function endSentence(
  reason: EndReason,
  cap: CapFacts,
  waiting: number,
  details: { timeLimitMs?: number; error?: string | null; pages?: number; limit?: number } = {},
): string | null {
  const more = waiting > 0 ? `; ${plural(waiting, 'more URL was', 'more URLs were')} waiting` : '';
  switch (reason) {
    case 'finished':
      return null;
    case 'plan-limit':
      return `Stopped at your ${cap.planName} plan's ${n(cap.pageCap)}-page limit${more}. Pro crawls them all.`;
    case 'monthly-quota':
      return `Stopped at your ${cap.planName} plan's monthly quota of ${plural(cap.monthQuota ?? cap.pageCap, 'page')}${more}. The quota resets on the 1st; Pro has none.`;
    case 'engineering-limit':
      return `Stopped at the ${n(cap.pageCap)}-page limit of a single crawl${more}.`;
    case 'url-limit':
      return `Stopped after ${plural(urlLimit(cap.pageCap), 'URL')}, ${URLS_PER_PAGE} for each page of the ${n(cap.pageCap)}-page limit: most answered with redirects, errors or robots.txt blocks${more}.`;
    case 'time-limit': {
      const minutes = Math.round((details.timeLimitMs ?? 30 * 60_000) / 60_000);
      return `Stopped at the ${minutes}-minute time limit of a crawl${more}.`;
    }
    case 'cancelled':
      return `Cancelled before the end${more}.`;
    case 'stopped':
      return `Stopped by you after ${plural(details.pages ?? 0, 'page', 'pages')}${more}.`;
    case 'error':
      return `The crawl stopped with an error: ${details.error ?? 'unknown error'}.`;
    case 'interrupted':
      return 'Interrupted: the crawl was stopped before it could finish.';
    case 'frontier-limit':
    case 'storage-limit':
    case 'storage-budget':
      return growthSentence(reason, details.limit, more);
  }
}

function countOf(counts: ReportCount[], reason: ReportReason): number {
  return counts.find((c) => c.reason === reason)?.count ?? 0;
}

/**
 * Why a crawl listed nothing, in one sentence from its verdicts ("robots.txt blocks every page
 * for our crawler", "every page answered 401", "the start page redirects to another site");
 * null when something was listed.
 */
export function nothingListedSentence(
  counts: ReportCount[],
  start: PageRecord | null,
  error: string | null,
): string | null {
  // Rows of URLs outside the site are not the site's pages: the sentence is about the site.
  const site = counts.filter((c) => c.reason !== 'out-of-scope');
  const total = site.reduce((sum, c) => sum + c.count, 0);
  if (countOf(counts, 'listed') > 0) return null;
  if (total === 0 || !start)
    return error
      ? `Nothing was listed: ${error}.`
      : 'Nothing was listed: the start page could not be crawled.';
  if (!start.verdict.included && start.verdict.code === 'robots')
    return total === countOf(counts, 'robots')
      ? 'robots.txt blocks every page for our crawler (the start page is disallowed).'
      : 'robots.txt blocks the start page for our crawler, so nothing could be listed.';
  if (!start.verdict.included && start.verdict.code === 'redirect') {
    const from = new URL(start.url);
    const to = URL.canParse(start.finalUrl) ? new URL(start.finalUrl) : null;
    if (to && to.hostname !== from.hostname)
      return `The start page redirects to another site (${to.origin}); crawl that address instead.`;
  }
  const only = site.length === 1 ? site[0] : undefined;
  if (only?.reason === 'status') {
    return start.status > 0
      ? `Every page answered ${start.status}, so nothing could be listed.`
      : 'Every page answered with an error, so nothing could be listed.';
  }
  if (only?.reason === 'robots') return 'robots.txt blocks every page for our crawler.';
  if (only?.reason === 'noindex')
    return 'Every page is marked noindex, so nothing could be listed.';
  if (only?.reason === 'canonical')
    return 'Every page names another URL as its canonical, so nothing could be listed.';
  if (only?.reason === 'error')
    return `No page answered${start.error ? ` (${start.error})` : ''}, so nothing could be listed.`;
  const parts = [...site]
    .sort((a, b) => b.count - a.count)
    .slice(0, 3)
    .map((c) => `${n(c.count)} ${c.label}`);
  return `Nothing could be listed: ${parts.join(', ')}.`;
}

/** Tallies, over a crawl's listed pages, what each sitemap download would hold. */
export class DownloadTally {
  private listed = 0;
  /** The exports' lastmod rule, watched on the same pass (issue 25 point 6). */
  private readonly lastmod = new UniformLastmod();
  private withImages = 0;
  private videos = 0;
  private readonly leftOut = new Map<string, number>();

  /** Takes one record into account (only listed ones matter). */
  observe(page: PageRecord): void {
    if (!page.verdict.included) return;
    this.listed++;
    this.lastmod.observe(page);
    if (page.images.length > 0 && imageElements(page) !== '') this.withImages++;
    for (const video of page.videos) {
      const missing = missingVideoFields(video);
      if (missing.length === 0) this.videos++;
      else {
        const why = `missing ${missing.join(', ')}`;
        this.leftOut.set(why, (this.leftOut.get(why) ?? 0) + 1);
      }
    }
  }

  /** Why every format leaves lastmod out, or null when they keep it. */
  lastmodNote(): string | null {
    return this.lastmod.uniform ? UNIFORM_LASTMOD_NOTE : null;
  }

  /** Availability of every format, in the results panel's order. */
  finish(nothingListed: string | null): DownloadAvailability[] {
    return EXPORT_FORMATS.map((format) => ({
      format,
      ...this.availability(format, nothingListed),
    }));
  }

  private availability(
    format: ExportFormat,
    nothingListed: string | null,
  ): { available: boolean; reason: string | null } {
    if (this.listed === 0)
      return { available: false, reason: nothingListed ?? 'no page could be listed' };
    if (format === 'images' && this.withImages === 0)
      return { available: false, reason: 'no images found on the listed pages' };
    if (format === 'videos' && this.videos === 0) {
      const left = [...this.leftOut].sort((a, b) => b[1] - a[1]);
      const total = left.reduce((sum, [, c]) => sum + c, 0);
      if (total === 0) return { available: false, reason: 'no videos found' };
      const why = left
        .slice(0, 2)
        .map(([text]) => text)
        .join('; ');
      return { available: false, reason: `no videos found; ${n(total)} left out: ${why}` };
    }
    return { available: true, reason: null };
  }
}

/** Everything `buildOutcome` needs, gathered by the shell. */
export interface OutcomeFacts {
  endReason: EndReason;
  endSentence: string | null;
  counts: ReportCount[];
  start: PageRecord | null;
  error: string | null;
  pages: number;
  waiting: number;
  /** The downloads tally of a completed crawl; null when the crawl failed (no downloads). */
  tally: DownloadTally | null;
}

/** The outcome `crawl.get` carries once a crawl has ended. */
export function buildOutcome(facts: OutcomeFacts): CrawlOutcome {
  const listed = countOf(facts.counts, 'listed');
  const urls = facts.counts.reduce((sum, c) => sum + c.count, 0);
  const nothingListed = nothingListedSentence(facts.counts, facts.start, facts.error);
  const downloads =
    facts.tally?.finish(nothingListed) ??
    EXPORT_FORMATS.map((format) => ({
      format,
      available: false,
      reason: facts.error ? `the crawl failed: ${facts.error}` : 'the crawl did not complete',
    }));
  return {
    endReason: facts.endReason,
    endSentence: facts.endSentence,
    nothingListed,
    pages: facts.pages,
    listed,
    urls,
    waiting: facts.waiting,
    pagesText: pagesText(facts.pages, listed),
    downloads,
    lastmodNote: facts.tally?.lastmodNote() ?? null,
  };
}
