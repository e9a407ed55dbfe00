import {
  AUDIT_ANSWER_TIMEOUT_MS,
  auditFailureText,
  runAuditJob,
  SitemapCompareTask,
} from '@mapsmith/app';
import {
  createUrlPolicy,
  DEFAULT_ENGINEERING_PAGE_CAP,
  jobCrawlPlan,
  type Logger,
} from '@mapsmith/core';
import { findInstalledBrowser } from '../crawler-process/find-browser';
import { type SafeStorageApi, TokenVault } from './account/token-vault';
import { type EmitProgress, type LaunchCrawler, LocalCrawls } from './crawl/local-crawls';
import { LocalRuns } from './crawl/local-runs';
import { createHandlers, type DesktopDeps } from './handlers';
import type { Dialogs } from './handlers/export';
import { createIpcRouter, type IpcDispatch } from './ipc-router';
import { localOwner, startLocalScheduler } from './schedules/local-schedules';
import { openLocalData } from './store/local-data';
import { safeStorageBox } from './store/safe-storage-box';

/** Local crawls that run at once; more wait their turn (each has its own process, maybe a browser). */
const MAX_RUNNING_CRAWLS = 3;

/** What the desktop's services are built from; main passes Electron's pieces, tests their own. */
export interface ServiceOptions {
  /** Folder of the data file (Electron's `userData`). */
  dataDir: string;
  safeStorage: SafeStorageApi;
  platform: NodeJS.Platform;
  launchCrawler: LaunchCrawler;
  emitProgress: EmitProgress;
  openExternal(url: string): Promise<void>;
  /** Native open/save dialogs. */
  dialogs: Dialogs;
  /** Origins allowed to call the IPC. */
  allowedOrigins: readonly string[];
  logger: Logger;
  /** Environment (`MAPSMITH_HOSTED_URL`, `MAPSMITH_ALLOW_LOOPBACK`). */
  env: Record<string, string | undefined>;
  /** Overrides of the built deps (tests: clock, crawl defaults). */
  overrides?: Partial<DesktopDeps>;
}

/** The built services. */
export interface DesktopServices {
  deps: DesktopDeps;
  dispatch: IpcDispatch;
  /** Stops running crawls and closes the store; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Opens the local data (the application layer's schema and repositories over one SQLite file),
 * builds the handlers and their IPC router, resumes the crawls a previous run left and starts the
 * scheduler pass (a missed slot runs now, then every 30 s), once at
 * start. Every timestamp the repositories write comes from `deps.now`.
 */
export async function createDesktopServices(options: ServiceOptions): Promise<DesktopServices> {
  const clock = { now: () => deps.now() };
  const data = await openLocalData(
    options.dataDir,
    options.logger,
    clock,
    safeStorageBox(options.safeStorage, options.platform),
  );
  const allowLoopback = options.env.MAPSMITH_ALLOW_LOOPBACK === '1';
  const crawls = new LocalCrawls({
    queue: data.queue,
    dataFile: data.file,
    launch: options.launchCrawler,
    // The one rule both shells run a job by (core `jobCrawlPlan`), over this shell's defaults.
    plan: (job) => jobCrawlPlan(job, deps.crawlDefaults),
    emit: options.emitProgress,
    logger: options.logger,
    maxRunning: MAX_RUNNING_CRAWLS,
  });
  // Live-sitemap comparisons and sitemap audits run in main, on the engine's queues in the data
  // file, each with the hosted task, through the one URL policy (`deps.policy`).
  const compares = new LocalRuns({
    name: 'live-sitemap comparison',
    queue: data.compareQueue,
    task: () =>
      new SitemapCompareTask({
        jobs: data.jobs,
        compare: data.compare,
        policy: deps.policy,
        logger: deps.logger,
      }),
    logger: () => deps.logger,
  });
  const audits = new LocalRuns({
    name: 'sitemap audit',
    queue: data.auditQueue,
    task: () => ({
      // Interrupted runs are resumed twice, then the job fails with its reason, as hosted.
      maxAttempts: 3,
      perform: (claimed, signal) =>
        runAuditJob(
          {
            audits: data.audits,
            policy: deps.policy,
            logger: deps.logger,
            answerTimeoutMs: AUDIT_ANSWER_TIMEOUT_MS,
          },
          claimed,
          signal,
        ),
      onFailed: auditFailureText,
    }),
    logger: () => deps.logger,
  });
  const deps: DesktopDeps = {
    data,
    settings: data.settings,
    crawls,
    compares,
    audits,
    vault: new TokenVault(options.safeStorage, data.settings, options.platform),
    hostedUrl: options.env.MAPSMITH_HOSTED_URL ?? 'https://mapsmith.app',
    supportEmail: 'support@mapsmith.app',
    now: () => Date.now(),
    openExternal: options.openExternal,
    dialogs: options.dialogs,
    policy: createUrlPolicy({ allowLoopback }),
    logger: options.logger,
    findBrowser: () => findInstalledBrowser(options.env),
    crawlDefaults: { allowLoopback },
    engineeringCap: DEFAULT_ENGINEERING_PAGE_CAP,
    schedules: data.schedules(() => localOwner(deps)),
    ...options.overrides,
  };
  await crawls.resume();
  await audits.resume();
  await compares.resume();
  // After the resumed crawls: a slot missed while the app was closed starts its run now.
  const scheduler = await startLocalScheduler(deps);
  let closing: Promise<void> | undefined;
  const dispatch = createIpcRouter({
    allowedOrigins: options.allowedOrigins,
    handlers: createHandlers(deps),
    logger: options.logger,
    policy: deps.policy,
  });
  return {
    deps,
    dispatch,
    close: () => {
      closing ??= scheduler
        .stop()
        .then(() => Promise.all([crawls.stopAll(), compares.stopAll(), audits.stopAll()]))
        .then(() => data.close());
      return closing;
    },
  };
}
