import {
  type BulkCrawl,
  type BulkRejectedLine,
  type Clock,
  type CrawlSettings,
  isBulkListTooLong,
  isDefaultCrawlSettings,
  MAX_BULK_SITES,
  type Plan,
  parseBulkList,
  plural,
  type RateInfo,
  type UrlPolicy,
} from '@mapsmith/core';
import { type CrawlAnswerRepos, CrawlAnswers } from '../crawl/answers.js';
import { startRefusedError } from '../crawl/start-refusal.js';
import { AppError } from '../errors.js';
import { notFound } from '../refusals.js';
import type { BulkRecord, BulkRepository, BulkSiteRefusal, BulkSummaryRecord } from './ports.js';
import { BulkPresenter } from './present-bulk.js';

/** Why a plan without Pro is refused every bulk operation (code `auth.pro-required`). */
export const BULK_FEATURE = `Bulk crawls (up to ${MAX_BULK_SITES} sites from one list)`;

/** Bulks `bulk.list` returns. */
export const BULK_LIST_LIMIT = 50;

/** What the bulk use cases read and write: the bulks, and the crawl jobs of their sites. */
export interface BulkRepos extends CrawlAnswerRepos {
  bulks: BulkRepository;
}

/** What `bulk.start` asks for: the owner, the pasted list and its settings. */
export interface BulkStartRequest {
  userId: number;
  plan: Plan;
  list: string;
  settings?: CrawlSettings | undefined;
  /** The engineering page cap of plans without a plan cap. */
  engineeringCap: number;
  /** The user's own disk (the desktop): no storage budget, as its single starts. */
  ownDisk?: boolean;
}

/** A started bulk: its id, how many sites start, the refused lines, and the window after it. */
export interface BulkStarted {
  bulkId: string;
  accepted: number;
  rejected: BulkRejectedLine[];
  rate: RateInfo;
}

function bulkNotFound(): AppError {
  return notFound('No bulk crawl with this id', 'bulk.not-found');
}

/** The words of a list with no site to crawl, naming its first refused lines. */
function emptyListError(rejected: BulkRejectedLine[]): AppError {
  const first = rejected
    .slice(0, 3)
    .map((r) => `line ${r.line}: ${r.reason}`)
    .join('; ');
  return new AppError(
    'bulk.empty',
    'No site to crawl',
    rejected.length
      ? `No line of the list is a site that can be crawled (${first}${rejected.length > 3 ? '; …' : ''}).`
      : 'The list is empty: put one site URL on each line.',
    { field: 'list' },
  );
}

/** A site's refusal in the single start's words and code, saying the list started nothing. */
function siteRefusedError(refused: BulkSiteRefusal, plan: Plan, now: number): AppError {
  const { site, before } = refused;
  const shared =
    refused.reason === 'hourly'
      ? ` Single crawls and bulk sites count in the same hour; ${plural(before, 'site')} of this list fitted before it.`
      : '';
  return startRefusedError(
    refused,
    plan,
    now,
    `No site of the list was started: line ${site.line} (${site.url}) was refused as a single crawl start would be.${shared}`,
  );
}

/**
 * The bulk use cases (issue 13, issue 27): a list of sites, one crawl each, started through
 * the one admission of crawl starts; read, stopped and downloaded by their owner. Both shells
 * call these and only deliver the answers their own way.
 */
export class BulkLists {
  private readonly answers: CrawlAnswers;
  private readonly presenter: BulkPresenter;

  /** Reads and writes through `repos`; `wake` tells the workers a job waits. */
  constructor(
    private readonly repos: BulkRepos,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly policy: UrlPolicy,
    private readonly wake: () => void,
  ) {
    this.answers = new CrawlAnswers(repos);
    this.presenter = new BulkPresenter(this.answers, repos.jobs);
  }

  /** `bulk.start`: reads the list, and admits each site as a single start, all or none. */
  async start(request: BulkStartRequest): Promise<BulkStarted> {
    const parsed = parseBulkList(request.list, this.policy);
    if (isBulkListTooLong(parsed))
      throw new AppError(
        'bulk.too-many',
        'Too many sites',
        `The list holds ${plural(parsed.siteLines, 'site')}; a bulk crawl takes at most ${MAX_BULK_SITES}. Split it into smaller lists.`,
        { field: 'list' },
      );
    const { sites, rejected } = parsed;
    if (sites.length === 0) throw emptyListError(rejected);
    const { settings } = request;
    const started = await this.repos.bulks.start({
      userId: request.userId,
      plan: request.plan,
      engineeringCap: request.engineeringCap,
      sites,
      rejected,
      ...(request.ownDisk ? { ownDisk: true } : {}),
      ...(settings && !isDefaultCrawlSettings(settings) ? { settings } : {}),
    });
    if (!started.ok) throw siteRefusedError(started, request.plan, this.clock.now());
    this.wake();
    return { bulkId: started.bulkId, accepted: sites.length, rejected, rate: started.rate };
  }

  /** `bulk.list`: the user's bulks, newest first. */
  async list(userId: number): Promise<Array<Omit<BulkSummaryRecord, 'id'> & { bulkId: string }>> {
    const items = await this.repos.bulks.list(userId, BULK_LIST_LIMIT);
    return items.map(({ id, ...rest }) => ({ bulkId: id, ...rest }));
  }

  /** The user's bulk, or a 404 `bulk.not-found`. */
  async record(bulkId: string, userId: number): Promise<BulkRecord> {
    const bulk = await this.repos.bulks.get(bulkId, userId);
    if (!bulk) throw bulkNotFound();
    return bulk;
  }

  /** `bulk.get`: the bulk page. */
  async get(bulkId: string, userId: number): Promise<BulkCrawl> {
    return this.presenter.bulk(await this.record(bulkId, userId));
  }

  /**
   * `bulk.stop` (issue 30): stops each crawl of the list not yet ended, as `crawl.stop` does;
   * a 409 `bulk.ended` when every one had already ended.
   */
  async stop(bulkId: string, userId: number): Promise<BulkCrawl> {
    const bulk = await this.record(bulkId, userId);
    const asked = await Promise.all(
      bulk.sites.map(({ job }) => this.repos.jobs.requestControl(job.id, userId, 'stop')),
    );
    if (!asked.some((result) => result === 'done' || result === 'stopping'))
      throw new AppError(
        'bulk.ended',
        'Bulk crawl already ended',
        'Every crawl of this list has already ended, so there is nothing to stop.',
      );
    this.wake();
    return this.presenter.bulk((await this.repos.bulks.get(bulkId, userId)) ?? bulk);
  }

  /** What the download of a bulk reads: its sites presented, their outcomes, and the exports. */
  get present(): BulkPresenter {
    return this.presenter;
  }

  /** The crawl answers the download reads exports through. */
  get crawlAnswers(): CrawlAnswers {
    return this.answers;
  }
}
