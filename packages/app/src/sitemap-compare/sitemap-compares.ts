import {
  fileHost,
  type SitemapComparePage,
  type SitemapCompareRun,
  type SitemapFlag,
  sitemapFindingsCsv,
} from '@mapsmith/core';
import type { CrawlAnswers, ReportDownload } from '../crawl/answers.js';
import { AppError } from '../errors.js';
import type { CompareJobs, SitemapCompareRepository } from './ports.js';

/** What the comparison's use cases read and start through, as each shell builds them. */
export interface SitemapCompareDeps {
  /** The user's crawls (a missing or another user's crawl is 404 `crawl.not-found`). */
  answers: Pick<CrawlAnswers, 'job' | 'completedJob'>;
  compare: SitemapCompareRepository;
  /** The shell's comparison jobs: they run outside the request. */
  runs: CompareJobs;
  /** Tells the shell's runner a comparison waits. */
  wake(): void;
}

/** The words of the Pro refusal (403 `auth.pro-required`); each shell adds its way to Pro. */
export const COMPARE_FEATURE = 'Comparisons of the live sitemap with a crawl';

/**
 * The live sitemap against a crawl (issue 14, Pro), the same in both shells: `start` starts
 * (or joins) the crawl's comparison job and answers its state at once, the reading runs in the
 * shell's job runner, never in the request; `page` pages the findings (one kind or all) with
 * the figures and the job's state; `report` is the CSV.
 */
export class SitemapCompares {
  /** Reads and starts through `deps`. */
  constructor(private readonly deps: SitemapCompareDeps) {}

  /** `crawl.sitemapCompare`: one comparison per user at a time (409 `sitemap-compare.busy`). */
  async start(jobId: string, userId: number): Promise<SitemapCompareRun> {
    const job = await this.deps.answers.completedJob(
      jobId,
      userId,
      'the live sitemap is compared with it',
    );
    const started = await this.deps.runs.start(job.id, userId);
    if ('busyWith' in started)
      throw new AppError(
        'sitemap-compare.busy',
        'Comparison under way',
        `Another live-sitemap comparison of yours is under way (crawl ${started.busyWith}); one runs at a time. Please try again when it is done.`,
      );
    this.deps.wake();
    return started.run;
  }

  /** `crawl.sitemapFindings`: a page of the last comparison's findings, and the job's state. */
  async page(
    input: { jobId: string; flag?: SitemapFlag | undefined; cursor?: number; limit?: number },
    userId: number,
  ): Promise<SitemapComparePage> {
    const job = await this.deps.answers.job(input.jobId, userId);
    const [run, page] = await Promise.all([
      this.deps.runs.run(job.id),
      this.deps.compare.page(job.id, input),
    ]);
    return { ...page, run };
  }

  /** `crawl.sitemapReport`: the findings (one kind, or all) as CSV, read as it is sent. */
  async report(
    input: { jobId: string; flag?: SitemapFlag | undefined },
    userId: number,
  ): Promise<ReportDownload> {
    const job = await this.deps.answers.job(input.jobId, userId);
    return {
      contentType: 'text/csv; charset=utf-8',
      fileName: `sitemap-vs-crawl-${fileHost(job.url)}.csv`,
      text: sitemapFindingsCsv(this.deps.compare.findings(job.id, input.flag)),
    };
  }
}
