import type { BulkListSite, BulkRejectedLine, CrawlSettings, Plan, RateInfo } from '@mapsmith/core';
import type { CrawlJobRecord, StartCrawlResult } from '../crawl/ports.js';

/** A bulk crawl as the use cases read it: the list's settings and refusals, and its sites' jobs. */
export interface BulkRecord {
  id: string;
  userId: number;
  createdAt: string;
  settings: CrawlSettings | null;
  rejected: BulkRejectedLine[];
  /** Sites in list order, each with its crawl job (jobs deleted by retention are gone). */
  sites: Array<{ line: number; job: CrawlJobRecord }>;
}

/** What a bulk start asks for: the sites (already read and checked), refusals and settings. */
export interface StartBulkInput {
  userId: number;
  /** The owner's plan: each site is admitted as a single start of this plan would be. */
  plan: Plan;
  /** The engineering page cap of plans without a plan cap. */
  engineeringCap: number;
  sites: BulkListSite[];
  rejected: BulkRejectedLine[];
  settings?: CrawlSettings;
  /** The user's own disk (the desktop): no storage budget, as its single starts. */
  ownDisk?: boolean;
}

/** A site's refusal by the one admission: the single start's reason, and the site it refused. */
export type BulkSiteRefusal = Extract<StartCrawlResult, { ok: false }> & {
  site: BulkListSite;
  /** Sites of the list admitted before this one (then rolled back with the list). */
  before: number;
};

/** A bulk start: the bulk and the window after its last site, or the refusal of one site. */
export type StartBulkResult = { ok: true; bulkId: string; rate: RateInfo } | BulkSiteRefusal;

/** One bulk in the user's list. */
export interface BulkSummaryRecord {
  id: string;
  createdAt: string;
  sites: number;
  completed: number;
  failed: number;
}

/** Bulk crawls: one row per list, one crawl job per site (the job names its bulk and line). */
export interface BulkRepository {
  /**
   * Creates the bulk and a pending job per site in one transaction holding the user's lock,
   * each site admitted by the one admission of single starts (`admitCrawlStart`: the one
   * hourly window, the month meter, the storage budget). All or nothing: when a site is
   * refused, no site of the list starts. Two starts of one user at once, on any nodes, are
   * counted one after the other.
   */
  start(input: StartBulkInput): Promise<StartBulkResult>;
  /** The bulk if it exists and belongs to `userId`. */
  get(bulkId: string, userId: number): Promise<BulkRecord | undefined>;
  /** The user's bulks, newest first. */
  list(userId: number, limit: number): Promise<BulkSummaryRecord[]>;
  /** Deletes bulks created before `cutoffMs` (their jobs go by the crawl retention). */
  deleteCreatedBefore(cutoffMs: number): Promise<number>;
}
