import { computeOutcome } from '@mapsmith/app';
import {
  analyzeSeoStream,
  type BulkCrawl,
  type BulkSite,
  type CrawlOutcome,
  changeSummaryWords,
  maskCrawlSettings,
} from '@mapsmith/core';
import type { AppContext } from '../../context.js';
import type { BulkRecord } from '../../repos/bulk-types.js';
import type { CrawlJobRecord } from '../../repos/ports.js';

/** SEO analyses one poll of the bulk page computes at most, so a poll stays quick. */
const ANALYSES_PER_POLL = 5;

/**
 * The change summary of a site's crawl against the previous completed crawl of the same site
 * by the same user ("12 added, 3 removed, 41 changed"), from the change report kept on the
 * job; null on a first crawl of the site (the page and the CSV then say "-").
 */
export async function changeSummaryOf(
  ctx: AppContext,
  job: CrawlJobRecord,
): Promise<string | null> {
  const { summary } = await ctx.repos.jobs.changes(job.id);
  return summary ? changeSummaryWords(summary) : null;
}

/**
 * A completed crawl's SEO score, computed and kept on first need while `budget` allows (the
 * crawl page's `seo.get` reads the same kept analysis); null otherwise.
 */
async function seoScore(ctx: AppContext, job: CrawlJobRecord, budget: { left: number }) {
  const { jobs } = ctx.repos;
  const cached = await jobs.cachedSeoAnalysis(job.id);
  if (cached) return cached.score;
  if (budget.left <= 0) return null;
  budget.left--;
  const analysis = await analyzeSeoStream(jobs.store(job.id).pages());
  await jobs.cacheSeoAnalysis(job.id, analysis);
  return analysis.score;
}

/** A completed crawl's outcome (computed once and kept, as `crawl.get` does). */
async function outcomeOf(ctx: AppContext, job: CrawlJobRecord): Promise<CrawlOutcome> {
  const { jobs } = ctx.repos;
  const details = await jobs.details(job.id);
  if (details.outcome) return details.outcome;
  const outcome = await computeOutcome(jobs, job, details.summary, details.monthQuota);
  await jobs.saveOutcome(job.id, outcome);
  return outcome;
}

/**
 * A completed site's outcome: what the bulk page, its summary.csv and its zip folder read (no
 * score and no files for a crawl that listed nothing, as on the crawl page); null before then.
 */
export async function bulkSiteOutcome(
  ctx: AppContext,
  site: BulkRecord['sites'][number],
): Promise<CrawlOutcome | null> {
  return site.job.status === 'completed' ? outcomeOf(ctx, site.job) : null;
}

/**
 * One site's line of the bulk page. `computeBudget` bounds the SEO analyses this call may
 * compute (the rest show their score on a later poll); the download passes Infinity.
 */
export async function presentBulkSite(
  ctx: AppContext,
  site: BulkRecord['sites'][number],
  computeBudget: { left: number },
  outcome?: CrawlOutcome | null,
): Promise<BulkSite> {
  const { job } = site;
  const done = outcome === undefined ? await bulkSiteOutcome(ctx, site) : outcome;
  const nothingListed = done?.nothingListed ?? null;
  return {
    line: site.line,
    url: job.url,
    jobId: job.id,
    status: job.status,
    pagesCrawled: job.pagesCrawled,
    listed: done ? done.listed : null,
    nothingListed,
    // A crawl that listed nothing has no score, as on its page (walkthrough defect 14).
    seoScore: done && nothingListed === null ? await seoScore(ctx, job, computeBudget) : null,
    changes: done ? await changeSummaryOf(ctx, job) : null,
    error: job.error,
  };
}

/** The bulk page's answer: every site's state, the refused lines, and whether all ended. */
export async function presentBulk(
  ctx: AppContext,
  bulk: BulkRecord,
  computeBudget = { left: ANALYSES_PER_POLL },
): Promise<BulkCrawl> {
  const sites: BulkSite[] = [];
  for (const site of bulk.sites) sites.push(await presentBulkSite(ctx, site, computeBudget));
  return {
    bulkId: bulk.id,
    createdAt: bulk.createdAt,
    settings: maskCrawlSettings(bulk.settings),
    sites,
    rejected: bulk.rejected,
    finished: sites.every((s) => s.status === 'completed' || s.status === 'failed'),
  };
}
