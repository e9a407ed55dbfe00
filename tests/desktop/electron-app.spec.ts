import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { DESKTOP_OUT } from './support/build';

/**
 * The packaged-app test: the real Electron main process, protocol, preload and utilityProcess.
 * No Electron binary can be downloaded on this machine, so it runs only when
 * ELECTRON_OVERRIDE_DIST_PATH names a folder holding an Electron 45 binary.
 */
const distPath = process.env.ELECTRON_OVERRIDE_DIST_PATH;
const SKIP_REASON =
  'No Electron binary here: set ELECTRON_OVERRIDE_DIST_PATH to a folder with an Electron 45 binary to run the packaged-app test';

// Printed so a skipped run says why in the console, not only in the report's annotations.
if (!distPath) process.stderr.write(`electron-app.spec.ts skipped: ${SKIP_REASON}\n`);

test.describe('the Electron app', () => {
  test.skip(!distPath, SKIP_REASON);

  let site: FixtureSite;
  let userData: string;
  test.beforeAll(async () => {
    site = await startFixtureSite({ pages: 20 });
  });
  test.afterAll(() => site?.close());
  test.beforeEach(() => {
    userData = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-electron-'));
  });
  test.afterEach(() => fs.rmSync(userData, { recursive: true, force: true }));

  test('starts locked down, serves the renderer from mapsmith://app and crawls in a utilityProcess', async () => {
    // electron's index.js resolves the binary from ELECTRON_OVERRIDE_DIST_PATH.
    const executablePath = createRequire(import.meta.url)('electron') as string;
    const app = await electron.launch({
      executablePath,
      args: [path.join(DESKTOP_OUT, 'main/index.js')],
      env: { ...process.env, MAPSMITH_USER_DATA: userData, MAPSMITH_ALLOW_LOOPBACK: '1' },
    });
    try {
      const win = await app.firstWindow();
      await expect(win).toHaveURL(/^mapsmith:\/\/app\//);
      expect(
        await win.evaluate(() => ({
          keys: Object.keys((window as unknown as { mapsmith: object }).mapsmith).sort(),
          leaks: ['require', 'process', 'ipcRenderer', 'Buffer'].filter((k) => k in window),
          opened: window.open('file:///etc/passwd') === null,
        })),
      ).toEqual({ keys: ['invoke', 'on'], leaks: [], opened: true });

      // The protocol's traversal guard, from inside the app's own origin.
      const status = await win.evaluate(
        async () => (await fetch('mapsmith://app/..%2f..%2fpackage.json')).status,
      );
      expect(status).toBe(403);

      // Navigation away from the app is denied.
      await win.evaluate(() => {
        location.href = 'https://example.com/';
      });
      await win.waitForTimeout(500);
      await expect(win).toHaveURL(/^mapsmith:\/\/app\//);

      await win.getByLabel('Website URL').fill(site.url);
      await win.getByRole('button', { name: 'Generate Now' }).click();
      await expect(win.getByTestId('crawl-results')).toBeVisible({ timeout: 30_000 });
      await expect(win.getByTestId('page-count')).toHaveText(/^[1-9]\d*$/);
      expect(fs.existsSync(path.join(userData, 'mapsmith.sqlite'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
