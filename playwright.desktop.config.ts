import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/e2e/support/chromium';

/**
 * Desktop end-to-end tests (issue 6): the built renderer and the real preload in Debian's
 * headless Chromium, wired to the real IPC handlers (tests/desktop/support/renderer-fixture.ts);
 * and the packaged-app `_electron` test, which runs only when ELECTRON_OVERRIDE_DIST_PATH names
 * an Electron binary. The global setup builds the desktop bundles first.
 */
export default defineConfig({
  testDir: 'tests/desktop',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/desktop/support/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  reporter: [['list']],
  use: {
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'desktop', use: { browserName: 'chromium' } }],
});
