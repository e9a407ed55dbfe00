/**
 * What the server's loop and its crawl thread say to each other (`thread-crawl-task.ts` and
 * `crawl-thread.ts`). Every value crosses by structured clone: plain data only.
 */
import type { ClaimedLease, CrawlJobRecord } from '@mapsmith/app';
import type { CrawlSummary } from '@mapsmith/core';
import type { SecretKey } from '../../secrets/aes-gcm-box.js';
import type { CrawlRunnerConfig } from '../crawl-runner.js';

/** What the thread is started with (`workerData`). */
export interface CrawlThreadData {
  /** The SQLite file the server migrated; the thread opens its own connections to it. */
  databaseFile: string;
  /** The keys the server's crawl settings are sealed with (they stay in this process). */
  secretKeys: SecretKey[];
  crawl: CrawlRunnerConfig;
}

/** From the server's loop to the thread. */
export type ToCrawlThread =
  | { type: 'perform'; run: number; claimed: ClaimedLease<CrawlJobRecord> }
  | { type: 'abort'; run: number; reason: string }
  | { type: 'close' };

/** How a run that rejected in the thread is rebuilt on the server's loop. */
export type CrawlThreadFailure =
  | { kind: 'claim-lost' }
  | { kind: 'paused' }
  | { kind: 'failed'; reason: string };

/** A log line of the thread, written by the server's logger. */
export interface CrawlThreadLog {
  type: 'log';
  level: 'info' | 'warn' | 'error' | 'debug';
  message: string;
  fields?: Record<string, unknown>;
}

/** From the thread to the server's loop. */
export type FromCrawlThread =
  | { type: 'ready' }
  | { type: 'done'; run: number; summary: CrawlSummary }
  | { type: 'failed'; run: number; failure: CrawlThreadFailure }
  | CrawlThreadLog;
