import type { BulkListSite, BulkRejectedLine, CrawlSettings, RateInfo } from '@mapsmith/core';
import type { CrawlJobRecord } from './types.js';

/** A bulk crawl as the routes read it: the list's settings and refusals, and its sites' jobs. */
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
  sites: BulkListSite[];
  rejected: BulkRejectedLine[];
  settings?: CrawlSettings;
  /** Pages per crawl (Pro has no plan cap: the engineering cap). */
  pageCap: number;
  /** Site crawls bulk lists may start per rolling hour (plans.ts `bulkSitesPerHour`). */
  sitesPerHour: number;
}

/** A bulk start: the bulk and its window, or the hourly window that refused it whole. */
export type StartBulkResult =
  | { ok: true; bulkId: string; rate: RateInfo }
  | { ok: false; reason: 'hourly'; rate: RateInfo };

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
   * Creates the bulk and a pending job per site in one immediate transaction, if the sites fit
   * in the user's bulk window (every bulk site started in the last hour counts one).
   */
  start(input: StartBulkInput): Promise<StartBulkResult>;
  /** The bulk if it exists and belongs to `userId`. */
  get(bulkId: string, userId: number): Promise<BulkRecord | undefined>;
  /** The user's bulks, newest first. */
  list(userId: number, limit: number): Promise<BulkSummaryRecord[]>;
  /** Deletes bulks created before `cutoffMs` (their jobs go by the crawl retention). */
  deleteCreatedBefore(cutoffMs: number): Promise<number>;
}
