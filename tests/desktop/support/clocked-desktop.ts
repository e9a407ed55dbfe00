import path from 'node:path';
import type { SafeStorageApi } from '../../../packages/desktop/src/main/account/token-vault';
import { DESKTOP_OUT } from './build';
import { nodeLauncher } from './node-launcher';
import { startTestDesktop, type TestDesktop } from './services';

/**
 * The desktop's real services (crawls in the built crawler process, loopback allowed) on an
 * injected clock `now`, its account checked at `hostedUrl` and kept in `keychain` (the same
 * across restarts, so a link holds): a restart over `dataDir` runs the scheduler pass at `now`.
 */
export function startClockedDesktop(options: {
  hostedUrl: string;
  keychain: SafeStorageApi;
  now: () => number;
  dataDir?: string | undefined;
}): Promise<TestDesktop> {
  return startTestDesktop({
    launch: nodeLauncher(path.join(DESKTOP_OUT, 'main/crawler-process.js')),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1', MAPSMITH_HOSTED_URL: options.hostedUrl },
    safeStorage: options.keychain,
    overrides: { now: options.now },
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
  });
}
