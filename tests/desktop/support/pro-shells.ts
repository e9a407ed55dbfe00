import path from 'node:path';
import {
  createTestUser,
  startTestServer,
  type TestServer,
  type TestUser,
} from '../../../packages/server/src/repos/test-support';
import { DESKTOP_OUT } from './build';
import { type HostedServer, startHostedServer } from './hosted-stub';
import { nodeLauncher } from './node-launcher';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './services';

/** Both shells with Pro, for parity tests: the desktop linked to a Pro account, a hosted Pro user. */
export interface ProShells {
  desktop: TestDesktop;
  hosted: TestServer;
  user: TestUser;
  /** The hosted account service the desktop's token is checked with. */
  stub: HostedServer;
  close(): Promise<void>;
}

/**
 * The desktop's real services (crawls in the built crawler process, loopback allowed) with
 * `token` linked as a Pro account, and a hosted test server with a Pro user.
 */
export async function startProShells(token: string): Promise<ProShells> {
  const stub = await startHostedServer({
    [token]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
  });
  const desktop = await startTestDesktop({
    launch: nodeLauncher(path.join(DESKTOP_OUT, 'main/crawler-process.js')),
    env: { MAPSMITH_ALLOW_LOOPBACK: '1', MAPSMITH_HOSTED_URL: stub.url },
  });
  await desktop.dispatch(TEST_ORIGIN, 'account.link', { token });
  const hosted = await startTestServer();
  const user = await createTestUser(hosted.server.context.db, { pro: true });
  return {
    desktop,
    hosted,
    user,
    stub,
    close: async () => {
      await desktop.dispose();
      await hosted.close();
      await stub.close();
    },
  };
}
