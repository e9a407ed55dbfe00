import type { BulkListSite, BulkRejectedLine, CrawlSettings, RateInfo } from '@mapsmith/core';
import type { CrawlJobRecord } from './ports.js';

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

/**
 * A bulk start: the bulk and its window, or what refused it whole: the hourly window, or the
 * owner's crawls holding the storage budget.
 */
export type StartBulkResult =
  | { ok: true; bulkId: string; rate: RateInfo }
  | { ok: false; reason: 'hourly'; rate: RateInfo }
  | { ok: false; reason: 'storage'; rate: RateInfo; storage: { used: number; budget: number } };

/** One bulk in the user's list. */
export interface BulkSummaryRecord {
  id: string;
  createdAt: string;
  sites: number;
  completed: number;
  failed: number;
}

export type { BulkRepository } from './ports-pro.js';
