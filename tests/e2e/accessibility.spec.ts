// Issue 26 point 9: axe-core over every route at 1280 and 390 px, with zero serious or critical
// violations: signed out (public pages, the sign-in flow, a 404) and signed in as Pro (account
// pages, a real crawl's report, bulk and schedules).
import type { Page } from '@playwright/test';
import { PUBLIC_PATHS } from '../../packages/core/src/contract/page-meta';
import { startFixtureSite } from '../fixtures/site/index';
import { axeViolations } from '../support/axe';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

const SIZES = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The signed-out routes besides the public pages: the sign-in flow, an unknown crawl, a 404. */
const OTHER_SIGNED_OUT_ROUTES = [
  '/login',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/confirm-email?token=not-a-real-token',
  '/crawls/no-such-job',
  '/no-such-page',
];

/** Every account route, with `{job}` a finished crawl of the user. */
const SIGNED_IN_ROUTES = [
  '/',
  '/dashboard',
  '/crawls',
  '/crawls/{job}',
  '/schedules',
  '/bulk',
  '/bulk/no-such-bulk',
  '/subscribe',
  '/api-docs',
];

/** Opens `path` and lets its data arrive (its requests settle, or 1.5 s pass). */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle', { timeout: 1500 }).catch(() => undefined);
  await expect(page.locator('main#main')).not.toBeEmpty();
}

/** The serious and critical axe violations of `path` at both widths, one line per rule. */
async function audit(page: Page, path: string): Promise<string[]> {
  const found: string[] = [];
  await page.setViewportSize(SIZES[0]);
  await open(page, path);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const finding of await axeViolations(page))
      found.push(`${path} @${size.width}px ${finding}`);
  }
  return found;
}

for (const [name, routes] of [
  ['the public pages', PUBLIC_PATHS],
  ['the sign-in flow, an unknown crawl and a 404', OTHER_SIGNED_OUT_ROUTES],
] as const) {
  test(`signed out, ${name} have no serious or critical axe violation at 1280 and 390 px`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const found: string[] = [];
    for (const path of routes) found.push(...(await audit(page, path)));
    expect(found).toEqual([]);
  });
}

test('every account route, a crawl report among them, has no serious or critical axe violation', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const site = await startFixtureSite({ pages: 12, features: ['noindex', 'errors', 'redirects'] });
  try {
    await signInFreshUser(page, 'axe');
    await becomePro(page.request);
    const job = await startCrawlByApi(page.request, site.url);
    await waitForCrawl(page.request, job);
    const found: string[] = [];
    for (const path of SIGNED_IN_ROUTES)
      found.push(...(await audit(page, path.replace('{job}', job))));
    expect(found).toEqual([]);
  } finally {
    await site.close();
  }
});
