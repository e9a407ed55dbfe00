import type {
  ChangeSummary,
  CrawlChanges,
  CrawlLiveProgress,
  CrawlOutcome,
  CrawlReport,
  CrawlSettings,
  CrawlStartDecision,
  CrawlStatus,
  CrawlStore,
  CrawlSummary,
  CrawlTotals,
  Plan,
  RateInfo,
  ResultItem,
  SeoAnalysis,
} from '@mapsmith/core';
import type { ClaimedLease, LeasedJobs } from '../jobs/leased-jobs.js';
import type { ControlResult } from '../sql/crawl-control.js';
import type { JobControl } from '../sql/rows.js';

/**
 * The crawl ports of the application layer: crawl jobs and their stored pages, the durable
 * queue that leases them to workers, the monthly usage meter and the rate limiter. Both shells
 * use them, implemented once in SQL over core's `SqlDatabase` (`sql/`): the hosted server on
 * SQLite or Postgres, the desktop on its SQLite file with its one local user.
 */

/** A crawl job as the API and the workers see it. */
export interface CrawlJobRecord {
  id: string;
  userId: number;
  url: string;
  status: CrawlStatus;
  /**
   * What the owner asked of it while under way (issue 30): `stop` (the worker ends it with what
   * it stored) or `pause`; null otherwise. A pending job asked to pause reads as `paused`.
   */
  control: JobControl | null;
  /** The most pages this job may store (plan cap, or what the month had left). */
  pageCap: number;
  /** Pages stored (and charged) so far. */
  pagesCrawled: number;
  /** Why the job failed; null otherwise. */
  error: string | null;
  /** ISO time the job was created. */
  createdAt: string;
  /** ISO time a worker first took it, or null. */
  startedAt: string | null;
  /** ISO time it completed or failed, or null. */
  finishedAt: string | null;
  /** Times a worker has taken it (a restart mid-crawl adds one). */
  attempts: number;
  /** The crawl settings it runs with (issue 13); null: the crawler's defaults. */
  settings: CrawlSettings | null;
}

/** A job as the history lists it: its row and, once kept, what its outcome listed. */
export interface HistoryJobRecord extends CrawlJobRecord {
  /** Listed URLs and why nothing was, from the kept outcome; null before it was kept. */
  listed: { count: number; nothingListed: string | null } | null;
  /** The SEO score once the job's analysis was computed, else null. */
  score: number | null;
}

/** What one page of the crawl history asks for (issue 26). */
export interface HistoryQuery {
  /** Words the start URL contains (case-insensitive). */
  q?: string | undefined;
  status?: CrawlStatus | undefined;
  sort?: 'date' | 'pages' | 'score' | undefined;
  dir?: 'asc' | 'desc' | undefined;
  limit: number;
  offset: number;
}

/** One page of the crawl history and its totals. */
export interface HistoryPage {
  rows: HistoryJobRecord[];
  /** Jobs matching the search and status filter. */
  matching: number;
  /** Every job of the user. */
  total: number;
}

/** The parts of a job `crawl.get` reads beside its row. */
export interface CrawlJobDetails {
  /** The crawler's summary once the job completed (end reason, notes), else null. */
  summary: CrawlSummary | null;
  /** The outcome kept when the job ended, else null. */
  outcome: CrawlOutcome | null;
  /** The latest progress while running, else null. */
  progress: CrawlLiveProgress | null;
  /** The owner's monthly quota when the job started (null for Pro). */
  monthQuota: number | null;
}

/** What a start request asks for. */
export interface StartCrawlInput {
  userId: number;
  plan: Plan;
  url: string;
  /** The engineering page cap of plans without a plan cap. */
  engineeringCap: number;
  /** The crawl settings (Pro; the route refuses them for other plans). Kept on the job. */
  settings?: CrawlSettings;
  /**
   * The crawl stores on its user's own computer (the desktop): the plan's storage budget,
   * which keeps one account from filling a shared server's disk, does not apply.
   */
  ownDisk?: boolean;
}

/** The outcome of a start request: a job, or the limit that refused it. */
export type StartCrawlResult =
  | { ok: true; job: CrawlJobRecord; rate: RateInfo }
  | Extract<CrawlStartDecision, { ok: false }>;

/** A limit of the owner that ended storing: the month's quota, or the storage budget (bytes). */
export type StoreLimit = { reason: 'monthly-quota' } | { reason: 'storage-budget'; budget: number };

/** A job's crawl store; `flush` commits what it holds (see `CrawlJobRepository.store`). */
export interface JobCrawlStore extends CrawlStore {
  /** Resolves once every write so far is committed; rejects once a write failed (see `store`). */
  flush(): Promise<void>;
}

/** Crawl jobs and their stored pages. */
export interface CrawlJobRepository {
  /** Checks the plan limits and creates a pending job, atomically (one immediate transaction). */
  start(input: StartCrawlInput): Promise<StartCrawlResult>;
  /** The user's crawl-start window now, without counting a start (for refusals' headers). */
  startRate(userId: number, plan: Plan): Promise<RateInfo>;
  /** The job if it exists and belongs to `userId`. */
  get(jobId: string, userId: number): Promise<CrawlJobRecord | undefined>;
  /** `{url, title}` of the job's included pages, in the order they were stored. */
  results(jobId: string): Promise<ResultItem[]>;
  /** The user's jobs, newest first. */
  list(userId: number, limit: number): Promise<HistoryJobRecord[]>;
  /** One page of the user's jobs, searched, filtered and sorted (issue 26). */
  historyPage(userId: number, query: HistoryQuery): Promise<HistoryPage>;
  /**
   * Deletes the user's ended job with its pages, in one statement; a running job, or the one a
   * schedule publishes, stays. Says which, or `missing` when the user has no such job.
   */
  deleteJob(
    jobId: string,
    userId: number,
  ): Promise<'deleted' | 'running' | 'published' | 'missing'>;
  /** The user's crawl aggregates. */
  totals(userId: number): Promise<CrawlTotals>;
  /**
   * The crawl store of one job: frontier and pages, written as they arrive (a batched store in
   * batches, see below). A page that would charge past the owner's monthly quota is not
   * stored, and `onLimit` is called with it; so it is, checked every few saves, once the
   * owner's crawls hold the job's storage budget.
   *
   * With `claimToken` (a worker's claim from `JobQueue.claim`) the store is fenced: a page is
   * stored and charged only while the job still carries that token (checked in the charging
   * write itself), and `savePage`/`take` reject with `ClaimLostError` once another worker
   * has claimed the job (a batched store's `savePage` when its batch is written: the save
   * that fills it, or the `counts`, `pages`, `listed` or `flush` after it). Without one
   * (readers, test seeding) nothing is fenced.
   *
   * `batched` (a crawl run's store) groups its writes in transactions of many pages, committed
   * every few hundred pages or 100 ms, before every read and on `flush`. Unbatched, every
   * write commits before it resolves.
   *
   * The crash promise of a batched store: a kill -9 loses at most the open batch, whole, never
   * part of it. Its pages were neither stored nor charged and their frontier rows are still
   * leased, so the resumed run fetches them again and charges each once, and the report counts
   * per verdict (written in the same transactions as the rows) stay exact. A batch whose write
   * fails (a full disk, a lost claim) is rolled back whole in the same way and the store stops:
   * every later `savePage`, `addInlinks` and `flush` rejects with that failure and writes
   * nothing, so a failed crawl takes none of the room freed to record its failure.
   */
  store(
    jobId: string,
    claimToken?: string | null,
    onLimit?: (limit: StoreLimit) => void,
    batched?: boolean,
  ): JobCrawlStore;
  /**
   * Writes each page's final count of linking pages into the URL table's `inlinks` column,
   * once a run has ended: the store counts links as they are seen, and a page saved before
   * the links to it carries its count from its save until then.
   */
  settleLinks(jobId: string): Promise<void>;
  /** The crawl report of every job (URL table, detail, exports), over the same database. */
  report(): CrawlReport;
  /** What `crawl.get` adds to the job row: summary, kept outcome, live progress, quota. */
  details(jobId: string): Promise<CrawlJobDetails>;
  /** `get` and `details` in one read, for `crawl.get` (polled every 2 s while a crawl runs). */
  getWithDetails(
    jobId: string,
    userId: number,
  ): Promise<{ job: CrawlJobRecord; details: CrawlJobDetails } | undefined>;
  /**
   * Compares an ending job with the previous completed crawl of its URL by its owner: marks
   * each row's change, writes the honest lastmod, keeps the summary (null on a first crawl).
   */
  compareWithPrevious(job: CrawlJobRecord): Promise<ChangeSummary | null>;
  /** The change report kept for a job (summary null when it was not compared). */
  changes(jobId: string): Promise<CrawlChanges>;
  /** The change report of a job against any `earlier` job, computed now and kept nowhere. */
  changesAgainst(job: CrawlJobRecord, earlier: CrawlJobRecord): Promise<CrawlChanges>;
  /** The job's listed URLs that were added or changed since the previous crawl, in crawl order. */
  changedListedUrls(jobId: string): Promise<string[]>;
  /**
   * Records the owner's stop, pause or resume of a job that has not ended (issue 30); says
   * what it did, or why nothing changed (`sql/crawl-control.ts`).
   */
  requestControl(
    jobId: string,
    userId: number,
    action: JobControl | 'resume',
  ): Promise<ControlResult>;
  /** The owner's request standing on a job, read by the worker that runs it. */
  control(jobId: string): Promise<JobControl | null>;
  /**
   * Keeps the outcome of an ended job so it is computed once. With `claimToken` (the worker
   * that ran it) the write is fenced: it rejects with `ClaimLostError`, writing nothing, once
   * another claim took the job over.
   */
  saveOutcome(jobId: string, outcome: CrawlOutcome, claimToken?: string): Promise<void>;
  /** Keeps the latest progress of a running job (cleared when it ends). */
  saveProgress(jobId: string, progress: CrawlLiveProgress | null): Promise<void>;
  /** URLs of the job still waiting in its frontier (queued or leased). */
  waiting(jobId: string): Promise<number>;
  /** The stored SEO analysis of a job (JSON), or null when not computed yet. */
  cachedSeoAnalysis(jobId: string): Promise<SeoAnalysis | null>;
  /** Keeps the SEO analysis of a completed job so it is computed once. */
  cacheSeoAnalysis(jobId: string, analysis: SeoAnalysis): Promise<void>;
  /** Deletes jobs (and their pages) created before `cutoffMs`; returns how many. */
  deleteCreatedBefore(cutoffMs: number): Promise<number>;
  /** The ids among `ids` whose jobs still exist (files kept for a job go once it is gone). */
  existing(ids: string[]): Promise<Set<string>>;
}

/**
 * A crawl job a worker holds the claim of; its `claimToken` (kept in `crawl_jobs.claim_token`)
 * also fences the job's page store, so a worker whose job was taken over can neither charge
 * nor finish it.
 */
export type ClaimedJob = ClaimedLease<CrawlJobRecord>;

/**
 * The durable queue of crawl jobs: the crawl kind of the leased-job engine (`LeasedJobs`, whose
 * invariants hold), whose jobs can be paused and leave a frontier to sweep once over.
 */
export interface JobQueue extends LeasedJobs<CrawlJobRecord, CrawlSummary> {
  /**
   * Pauses the job its owner asked to pause (issue 30), only while it carries `claimToken`:
   * pending again with its frontier kept, its claim released and the run not counted as an
   * attempt; it waits as `paused` until resumed. False when the claim was lost.
   */
  pause(jobId: string, claimToken: string): Promise<boolean>;
}

/** The monthly usage meter. */
export interface UsageRepository {
  /** Pages charged to the user in the month `YYYY-MM`. */
  monthPages(userId: number, month: string): Promise<number>;
  /** Pages per month for the user, most recent month first. */
  months(userId: number, limit: number): Promise<Array<{ month: string; pages: number }>>;
}

/** Rolling-window rate limits keyed by a bucket (e.g. `fetch-sitemap:<ip>`). */
export interface RateLimiter {
  /** Counts one hit if under `limit` in the last `windowMs`; atomic. */
  hit(bucket: string, limit: number, windowMs: number): Promise<{ ok: boolean; rate: RateInfo }>;
  /** Deletes events older than `beforeMs` in every bucket; returns how many. */
  prune(beforeMs: number): Promise<number>;
}
