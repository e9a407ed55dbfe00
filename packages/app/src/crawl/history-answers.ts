import {
  agree,
  type CrawlsListInput,
  type CrawlsListPage,
  HISTORY_PAGE_SIZE,
  plural,
} from '@mapsmith/core';
import { AppError } from '../errors.js';
import { crawlNotFound } from '../refusals.js';
import { type CrawlAnswerRepos, CrawlAnswers } from './answers.js';
import type { CrawlJobRecord, CrawlJobRepository } from './ports.js';
import { presentCrawlsListItem } from './present-history.js';

/** What a shell keeps of a crawl outside the database (the server's built exports). */
export interface CrawlFiles {
  /** Removes the files kept for the deleted `job`; nothing to do when there are none. */
  forget(job: CrawlJobRecord): Promise<void>;
}

/**
 * The crawl history page of both shells (issue 26): every crawl of the user, paged, and one
 * deleted with its files. Another user's crawl is indistinguishable from a missing one.
 */
export class CrawlHistory {
  private readonly jobs: CrawlJobRepository;
  private readonly answers: CrawlAnswers;

  /** Reads and deletes through `repos`. */
  constructor(repos: CrawlAnswerRepos) {
    this.jobs = repos.jobs;
    this.answers = new CrawlAnswers(repos);
  }

  /**
   * `crawls.list` (issue 26): one page of the user's crawls, searched, filtered and sorted. A
   * page past the last is a 400 saying how many there are (page 1 always answers, even empty).
   */
  async crawls(userId: number, input: CrawlsListInput): Promise<CrawlsListPage> {
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? HISTORY_PAGE_SIZE;
    const found = await this.jobs.historyPage(userId, {
      q: input.q || undefined,
      status: input.status,
      sort: input.sort,
      dir: input.dir,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    });
    const pages = Math.max(1, Math.ceil(found.matching / pageSize));
    if (page > pages)
      throw new AppError(
        'history.page-past-end',
        'Page past the end',
        `There ${agree(pages, 'is', 'are')} ${plural(pages, 'page')} of crawls for this search; page ${page} is past the last`,
      );
    return {
      items: found.rows.map(presentCrawlsListItem),
      matching: found.matching,
      total: found.total,
      page,
      pageSize,
      pages,
    };
  }

  /**
   * `crawl.delete` (issue 26): the user's ended crawl with its stored pages, then the files the
   * shell keeps for it (`files`). A running crawl, or the one a schedule publishes, is refused.
   */
  async deleteCrawl(
    jobId: string,
    userId: number,
    files?: CrawlFiles,
  ): Promise<{ message: string }> {
    const job = await this.answers.job(jobId, userId);
    const outcome = await this.jobs.deleteJob(job.id, userId);
    if (outcome === 'missing') throw crawlNotFound();
    if (outcome === 'running')
      throw new AppError(
        'crawl.running',
        'Crawl running',
        'This crawl is still running; it can be deleted once it has ended',
      );
    if (outcome === 'published')
      throw new AppError(
        'crawl.published',
        'Crawl published',
        'A schedule publishes this crawl at its stable sitemap URL; it can be deleted once a newer run replaces it',
      );
    await files?.forget(job);
    return { message: `The crawl of ${job.url} and its files were deleted` };
  }
}
