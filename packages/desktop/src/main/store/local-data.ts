import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type BulkRepository,
  CrawlAnswers,
  type CrawlJobRepository,
  ensureLocalUser,
  everyShellMigrations,
  importLegacyFile,
  LOCAL_STORE_STEPS,
  LocalSettings,
  NO_SECRET_BOX,
  type ScheduleOwner,
  type ScheduleRepository,
  type ScheduleRuns,
  type SecretBox,
  SqlAuditQueue,
  SqlAuditRepository,
  SqlBulkRepository,
  SqlCrawlJobRepository,
  SqlJobQueue,
  SqlRateLimiter,
  SqlScheduleRepository,
  SqlScheduleRuns,
  SqlSitemapCompareQueue,
  SqlSitemapCompareRepository,
  SqlUsageRepository,
  type UsageRepository,
} from '@mapsmith/app';
import { type Clock, type Logger, systemClock } from '@mapsmith/core';
import { Database, migrate } from '@mapsmith/sqlite';

/**
 * The data file in the user-data folder: the application layer's schema without its hosted-only
 * steps (accounts, payments, API tokens, share links, brands, client mail; step 1001 drops those
 * tables from a file made before).
 */
export const DATA_FILE = 'mapsmith-data.sqlite';

/** The data file of versions before the application layer, imported once, then set aside. */
export const LEGACY_FILE = 'mapsmith.sqlite';

/** What an imported earlier file is renamed to: kept, never read again. */
export const IMPORTED_SUFFIX = '.imported';

/** The one local user every crawl of this computer belongs to (a row of `users`). */
export const LOCAL_USER_ID = 1;

/** The local data: the application layer's repositories over the file, and the settings. */
export interface LocalData {
  /** The file's path (the crawler process opens it too). */
  file: string;
  jobs: CrawlJobRepository;
  usage: UsageRepository;
  /** Bulk lists: each site a crawl job of the queue below, as hosted. */
  bulks: BulkRepository;
  /** The crawl queue: local crawls are claimed, resumed and finished as hosted ones are. */
  queue: SqlJobQueue;
  /** Every answer read from the crawls (crawl, report, SEO, exports, history, analytics). */
  answers: CrawlAnswers;
  /** The live-sitemap comparisons of the crawls (issue 27 point 5), as hosted. */
  compare: SqlSitemapCompareRepository;
  /** Their jobs' queue: a comparison's state survives a restart, as hosted. */
  compareQueue: SqlSitemapCompareQueue;
  /** Sitemap audits (issue 27 point 5): their jobs and results, and their queue, as hosted. */
  audits: SqlAuditRepository;
  auditQueue: SqlAuditQueue;
  /** The hourly windows of starts that are counted apart from crawls (audits). */
  rates: SqlRateLimiter;
  settings: LocalSettings;
  /**
   * The schedules in the file, their owner answered by `owner` (the desktop's Pro is its linked
   * account, not a `users` row: the local user's row has no `pro_until`).
   */
  schedules(owner: () => Promise<ScheduleOwner | undefined>): ScheduleRepository;
  /** The schedules' runs on the leased-job engine, timed by `clock` (a pass's). */
  scheduleRuns(clock: Pick<Clock, 'now'>): ScheduleRuns;
  close(): Promise<void>;
}

/** The schedules of the file, whose one owner is the local user as `owner` answers it. */
class LocalScheduleRepository extends SqlScheduleRepository {
  constructor(
    db: Database,
    box: SecretBox,
    private readonly localOwner: () => Promise<ScheduleOwner | undefined>,
  ) {
    super(db, box);
  }

  override async owner(userId: number): Promise<ScheduleOwner | undefined> {
    return userId === LOCAL_USER_ID ? this.localOwner() : undefined;
  }
}

/**
 * Opens (creating if needed) the data file in `dataDir`, brings its schema up to date, makes
 * sure the local user exists (its password can never match: the desktop has no sign-in) and
 * brings in the data file of an earlier version once.
 */
export async function openLocalData(
  dataDir: string,
  logger: Logger,
  clock: Pick<Clock, 'now'> = systemClock,
  /** Seals and opens crawl credentials (main: Electron's `safeStorage`, `safeStorageBox`). */
  box: SecretBox = NO_SECRET_BOX,
): Promise<LocalData> {
  const file = path.join(dataDir, DATA_FILE);
  const db = await Database.open(file);
  try {
    await migrate(db, [...everyShellMigrations, ...LOCAL_STORE_STEPS]);
    await ensureLocalUser(db, LOCAL_USER_ID);
    await importEarlierFile(db, dataDir, logger);
  } catch (err) {
    await db.close();
    throw err;
  }
  const jobs = new SqlCrawlJobRepository(db, clock, box);
  const usage = new SqlUsageRepository(db);
  return {
    file,
    jobs,
    usage,
    bulks: new SqlBulkRepository(db, clock, box),
    queue: new SqlJobQueue(db, clock, box),
    answers: new CrawlAnswers({ jobs, usage }),
    compare: new SqlSitemapCompareRepository(db),
    compareQueue: new SqlSitemapCompareQueue(db, clock),
    audits: new SqlAuditRepository(db, clock),
    auditQueue: new SqlAuditQueue(db, clock),
    rates: new SqlRateLimiter(db, clock),
    settings: new LocalSettings(db),
    schedules: (owner) => new LocalScheduleRepository(db, box, owner),
    scheduleRuns: (passClock) => new SqlScheduleRuns(db, passClock),
    close: () => db.close(),
  };
}

/**
 * Imports `mapsmith.sqlite` of an earlier version (its crawls, pages, month meter and settings,
 * among them the linked account's token) in one transaction, then renames it (with its WAL
 * files) so it is never imported twice; the renamed file stays as the user's copy. A file that
 * cannot be imported is left where it is and the app starts without it, saying why in the log.
 */
async function importEarlierFile(db: Database, dataDir: string, logger: Logger): Promise<void> {
  const legacy = path.join(dataDir, LEGACY_FILE);
  if (!(await exists(legacy))) return;
  try {
    const imported = await importLegacyFile(db, legacy, LOCAL_USER_ID);
    for (const suffix of ['', '-wal', '-shm'])
      if (await exists(legacy + suffix))
        await fs.rename(legacy + suffix, `${legacy}${IMPORTED_SUFFIX}${suffix}`);
    logger.info('imported the data of an earlier version', { ...imported });
  } catch (err) {
    logger.error('the data of an earlier version could not be imported; its file is kept', {
      file: legacy,
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}
