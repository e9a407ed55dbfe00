import { test as base } from '@playwright/test';
import { startTestApp, type TestApp } from './app-server';

/** Playwright's `test` with `app`: a real server per worker, and `baseURL` pointing at it. */
export const test = base.extend<object, { app: TestApp }>({
  app: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const app = await startTestApp();
      await use(app);
      await app.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ app }, use) => use(app.url),
});

export { expect } from '@playwright/test';
