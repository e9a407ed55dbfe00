import {
  type BulkCrawl,
  type BulkSite,
  type CrawlOutcome,
  changeSummaryWords,
  maskCrawlSettings,
} from '@mapsmith/core';
import type { CrawlAnswers } from '../crawl/answers.js';
import type { CrawlJobRepository } from '../crawl/ports.js';
import type { BulkRecord } from './ports.js';

/** SEO analyses one poll of the bulk page computes at most, so a poll stays quick. */
export const ANALYSES_PER_POLL = 5;

/** One site of a bulk list, with its crawl job. */
export type BulkRecordSite = BulkRecord['sites'][number];

/**
 * Reads a bulk's sites the way the crawl page reads one crawl: outcome and SEO score through
 * `CrawlAnswers` (kept on the job, computed once however many polls ask), the change summary
 * from the change report kept on the job.
 */
export class BulkPresenter {
  /** Reads through `answers` and the change reports of `jobs`. */
  constructor(
    private readonly answers: CrawlAnswers,
    private readonly jobs: CrawlJobRepository,
  ) {}

  /**
   * A completed site's outcome: what the bulk page, its summary.csv and its zip folder read (no
   * score and no files for a crawl that listed nothing, as on the crawl page); null before then.
   */
  outcome(site: BulkRecordSite): Promise<CrawlOutcome | null> {
    return site.job.status === 'completed' ? this.answers.outcome(site.job) : Promise.resolve(null);
  }

  /**
   * One site's line of the bulk page. `budget` bounds the SEO analyses this call may compute
   * (the rest show their score on a later poll); the download passes Infinity.
   */
  async site(
    site: BulkRecordSite,
    budget: { left: number },
    outcome?: CrawlOutcome | null,
  ): Promise<BulkSite> {
    const { job } = site;
    const done = outcome === undefined ? await this.outcome(site) : outcome;
    const nothingListed = done?.nothingListed ?? null;
    // A crawl that listed nothing has no score, as on its page (walkthrough defect 14).
    const seo =
      done && nothingListed === null
        ? await this.answers.keptSeo(job, () => budget.left-- > 0)
        : null;
    return {
      line: site.line,
      url: job.url,
      jobId: job.id,
      status: job.status,
      pagesCrawled: job.pagesCrawled,
      listed: done ? done.listed : null,
      nothingListed,
      seoScore: seo?.score ?? null,
      changes: done ? await this.changeSummary(job.id) : null,
      error: job.error,
    };
  }

  /** The bulk page's answer: every site's state, the refused lines, and whether all ended. */
  async bulk(bulk: BulkRecord, budget = { left: ANALYSES_PER_POLL }): Promise<BulkCrawl> {
    const sites: BulkSite[] = [];
    for (const site of bulk.sites) sites.push(await this.site(site, budget));
    return {
      bulkId: bulk.id,
      createdAt: bulk.createdAt,
      settings: maskCrawlSettings(bulk.settings),
      sites,
      rejected: bulk.rejected,
      finished: sites.every((s) => s.status === 'completed' || s.status === 'failed'),
    };
  }

  /**
   * The change summary of a site's crawl against the previous completed crawl of the same site
   * by the same user ("12 added, 3 removed, 41 changed"); null on a first crawl of the site
   * (the page and the CSV then say "-").
   */
  private async changeSummary(jobId: string): Promise<string | null> {
    const { summary } = await this.jobs.changes(jobId);
    return summary ? changeSummaryWords(summary) : null;
  }
}
