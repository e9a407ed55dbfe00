import path from 'node:path';
import { CrawlAnswers, type Repositories, ScheduleTask, SqlScheduleRuns } from '@mapsmith/app';
import type { Logger, SqlDatabase, UrlPolicy } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';
import type { Mailer } from '../mail/mailer.js';
import { createNotifyFetcher } from '../notify/fetcher.js';
import { type AfterRunDeps, afterRun } from './after-run.js';
import { SitemapPublisher } from './publisher.js';
import { shareLinkSharing } from './report-sharing.js';
import { ScheduleService } from './service.js';

export { ScheduleService } from './service.js';

/** Where published sitemap files of schedules live: `<data>/published`. */
export function publishedDir(dataDir: string): string {
  return path.join(dataDir, 'published');
}

/** What the scheduled crawls are built from. */
export interface ScheduleWiring {
  config: ServerConfig;
  repos: Repositories;
  /** The database of the share links of client report mail and of the schedule runs. */
  db: SqlDatabase;
  mailer: Mailer;
  logger: Logger;
  /** The server's one SSRF guard (the IndexNow key-file check fetches through it). */
  policy: UrlPolicy;
  /** Wakes the crawl workers. */
  wake(): void;
  /** The app's public origin (known once the server listens when no public URL is set). */
  siteUrl(): string;
  /** The time a pass and the service see (tests inject theirs). */
  now?: () => number;
  /** Split threshold of published sitemaps (tests lower it). */
  maxUrlsPerFile?: number;
}

/** The scheduled-crawls service: schedules in the SQL database, published files on disk. */
export function createScheduleService(w: ScheduleWiring): ScheduleService {
  const { schedules } = w.repos;
  const deps: AfterRunDeps = {
    jobs: w.repos.jobs,
    siteKeys: w.repos.accounts.siteKeys,
    schedules,
    recipients: w.repos.reportRecipients,
    answers: new CrawlAnswers(w.repos),
    sharing: shareLinkSharing(w.db, w.siteUrl),
    publisher: new SitemapPublisher(publishedDir(w.config.dataDir), w.maxUrlsPerFile),
    mailer: w.mailer,
    fetcher: createNotifyFetcher(w.policy),
    indexNowEndpoint: w.config.indexNowEndpoint,
    siteUrl: w.siteUrl,
    logger: w.logger,
  };
  const task = new ScheduleTask({
    schedules,
    runs: (clock) => new SqlScheduleRuns(w.db, clock),
    jobs: w.repos.jobs,
    engineeringCap: w.config.jobs.engineeringPageCap,
    wake: w.wake,
    afterRun: (schedule, job) => afterRun(deps, schedule, job),
    policy: w.policy,
    logger: w.logger,
  });
  return new ScheduleService({ ...deps, now: w.now }, task);
}
