import path from 'node:path';
import { createUrlPolicy, DEFAULT_ENGINEERING_PAGE_CAP, type Logger } from '@mapsmith/core';
import { type SafeStorageApi, TokenVault } from './account/token-vault';
import { CrawlRunner, type EmitProgress, type LaunchCrawler } from './crawl/crawl-runner';
import { createHandlers, type DesktopDeps } from './handlers';
import type { Dialogs } from './handlers/export';
import { createIpcRouter, type IpcDispatch } from './ipc-router';
import { LocalStore } from './store/local-store';

/** What the desktop's services are built from; main passes Electron's pieces, tests their own. */
export interface ServiceOptions {
  /** Folder of the SQLite file (Electron's `userData`). */
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

/** Opens the local store and builds the handlers and their IPC router, once at start. */
export async function createDesktopServices(options: ServiceOptions): Promise<DesktopServices> {
  const store = await LocalStore.open(path.join(options.dataDir, 'mapsmith.sqlite'));
  const crawls = new CrawlRunner(
    options.launchCrawler,
    store,
    options.emitProgress,
    options.logger,
  );
  const allowLoopback = options.env.MAPSMITH_ALLOW_LOOPBACK === '1';
  const deps: DesktopDeps = {
    store,
    crawls,
    vault: new TokenVault(options.safeStorage, store, options.platform),
    hostedUrl: options.env.MAPSMITH_HOSTED_URL ?? 'https://mapsmith.app',
    supportEmail: 'support@mapsmith.app',
    now: () => Date.now(),
    openExternal: options.openExternal,
    dialogs: options.dialogs,
    policy: createUrlPolicy({ allowLoopback }),
    crawlDefaults: { allowLoopback },
    engineeringCap: DEFAULT_ENGINEERING_PAGE_CAP,
    ...options.overrides,
  };
  let closing: Promise<void> | undefined;
  const dispatch = createIpcRouter({
    allowedOrigins: options.allowedOrigins,
    handlers: createHandlers(deps),
    logger: options.logger,
  });
  return {
    deps,
    dispatch,
    close: () => {
      closing ??= crawls.stopAll().then(() => store.close());
      return closing;
    },
  };
}
