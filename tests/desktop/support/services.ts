import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '@mapsmith/core';
import type { SafeStorageApi } from '../../../packages/desktop/src/main/account/token-vault';
import type {
  CrawlProgressEvent,
  LaunchCrawler,
} from '../../../packages/desktop/src/main/crawl/local-crawls';
import type { DesktopDeps } from '../../../packages/desktop/src/main/handlers';
import {
  createDesktopServices,
  type DesktopServices,
} from '../../../packages/desktop/src/main/services';
import { testSafeStorage } from './safe-storage';

/** The desktop's real services over a temporary data folder, and what they emitted. */
export interface TestDesktop extends DesktopServices {
  dataDir: string;
  progress: CrawlProgressEvent[];
  opened: string[];
  /** Paths the next open/save dialogs answer with (null: the user cancels). */
  dialogAnswers: (string | null)[];
  /** Closes the services and removes the data folder. */
  dispose(): Promise<void>;
}

/** The origin tests call from (the app's custom-protocol origin in Electron). */
export const TEST_ORIGIN = 'mapsmith://app';

const noCrawler: LaunchCrawler = () => {
  throw new Error('this test starts no crawls');
};

/** Builds the desktop services exactly as main does, with test pieces where Electron is needed. */
export async function startTestDesktop(
  options: {
    launch?: LaunchCrawler;
    safeStorage?: SafeStorageApi;
    platform?: NodeJS.Platform;
    origins?: string[];
    env?: Record<string, string>;
    /** Called with every progress event main would send the renderer. */
    onProgress?: (event: CrawlProgressEvent) => void;
    overrides?: Partial<DesktopDeps>;
    /** The data folder of an earlier run to reopen (a fresh temporary one by default). */
    dataDir?: string;
  } = {},
): Promise<TestDesktop> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-desktop-'));
  const progress: CrawlProgressEvent[] = [];
  const opened: string[] = [];
  const dialogAnswers: (string | null)[] = [];
  // Stands in for Electron's native dialogs: the test queues what the user would pick.
  const answer = async () => (dialogAnswers.length > 0 ? (dialogAnswers.shift() ?? null) : null);
  const services = await createDesktopServices({
    dataDir,
    safeStorage: options.safeStorage ?? testSafeStorage(),
    platform: options.platform ?? 'linux',
    launchCrawler: options.launch ?? noCrawler,
    emitProgress: (event) => {
      progress.push(event);
      options.onProgress?.(event);
    },
    openExternal: async (url) => {
      opened.push(url);
    },
    dialogs: { chooseFolder: answer, chooseFile: answer },
    allowedOrigins: options.origins ?? [TEST_ORIGIN],
    logger: silentLogger,
    env: { MAPSMITH_HOSTED_URL: 'https://mapsmith.app', ...options.env },
    ...(options.overrides ? { overrides: options.overrides } : {}),
  });
  return {
    ...services,
    dataDir,
    progress,
    opened,
    dialogAnswers,
    dispose: async () => {
      await services.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
