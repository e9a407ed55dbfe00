import { test as base } from '@playwright/test';
import { type IndexNowStandIn, startIndexNowStandIn } from '../../servers/indexnow-server';
import { type PayPalStandIn, startPayPalStandIn } from '../../servers/paypal-server';
import { startTestApp, type TestApp } from './app-server';
import { type SdkStandIn, startSdkStandIn } from './paypal-sdk';

/** Credentials the PayPal stand-in and the app share. */
export const PAYPAL_CREDENTIALS = { clientId: 'e2e-client', clientSecret: 'e2e-secret' };

interface Services {
  indexNow: IndexNowStandIn;
  paypal: PayPalStandIn;
  /** PayPal's JS SDK stand-in, served over loopback; the app loads it via `PAYPAL_SDK_URL`. */
  paypalSdk: SdkStandIn;
  /** Named apart from fixtures.ts's `app` so Playwright never mixes the two in one worker. */
  servicesApp: TestApp;
}

/**
 * Playwright's `test` with the app wired to local stand-ins of IndexNow and PayPal, and allowed
 * to crawl loopback fixture sites (`MAPSMITH_ALLOW_LOOPBACK=1`). One set per worker.
 */
export const test = base.extend<object, Services>({
  indexNow: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const server = await startIndexNowStandIn();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  paypal: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const server = await startPayPalStandIn(PAYPAL_CREDENTIALS);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  paypalSdk: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const server = await startSdkStandIn();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  servicesApp: [
    async ({ indexNow, paypal, paypalSdk }, use) => {
      const app = await startTestApp({
        MAPSMITH_ALLOW_LOOPBACK: '1',
        INDEXNOW_ENDPOINT: indexNow.endpoint,
        PAYPAL_CLIENT_ID: PAYPAL_CREDENTIALS.clientId,
        PAYPAL_CLIENT_SECRET: PAYPAL_CREDENTIALS.clientSecret,
        PAYPAL_API_BASE: paypal.url,
        PAYPAL_SDK_URL: paypalSdk.sdkUrl,
      });
      await use(app);
      await app.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ servicesApp }, use) => use(servicesApp.url),
});

export { expect } from '@playwright/test';
