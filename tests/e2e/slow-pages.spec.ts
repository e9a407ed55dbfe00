/**
 * Slow is not broken (issue 25 point 3, walkthrough defects 6 and 7): while pages are slow the
 * progress panel names the URLs in flight and says it waits for them; afterwards the SEO card
 * counts the timed-out pages as their own issue, with the average and p95 response time and how
 * timeouts were counted. The server's per-try limit is 5 s (`MAPSMITH_PAGE_TIMEOUT_MS`), so the wait is seen for seconds.
 */
import { test as base, expect } from '@playwright/test';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { startTestApp, type TestApp } from './support/app-server';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

const test = base.extend<object, { slowApp: TestApp }>({
  slowApp: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature needs the destructuring.
    async ({}, use) => {
      const app = await startTestApp({
        MAPSMITH_ALLOW_LOOPBACK: '1',
        MAPSMITH_PAGE_TIMEOUT_MS: '5000',
        MAPSMITH_TIMEOUT_RETRY_MS: '500',
      });
      await use(app);
      await app.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ slowApp }, use) => use(slowApp.url),
});

let site: FixtureSite | undefined;
test.afterEach(async () => {
  await site?.close();
  site = undefined;
});

test('a crawl with slow pages shows them in flight, then as timed out, never as broken', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  // /timeout/within answers after 1.5 s; /timeout/late and /timeout/later after 9 s.
  site = await startFixtureSite({ pages: 3, features: ['timeouts'], slowMs: 1500, lateMs: 9000 });
  await signInFreshUser(page, 'slow');
  const home = new HomePage(page);
  await home.goto();
  await home.generate(site.url);

  // While the late pages run past a second: the URLs in flight and the waiting note.
  const progress = home.progress;
  await expect(progress.getByTestId('slow-note')).toHaveText(
    /^Waiting for [23] slow pages: each gets 5 s, then one short retry\.$/,
    { timeout: 15_000 },
  );
  const urls = progress.locator('[data-testid="in-flight-url"] .mono');
  await expect(urls.getByText(`${site.origin}/timeout/late`, { exact: true })).toHaveCount(1);
  await expect(urls.getByText(`${site.origin}/timeout/later`, { exact: true })).toHaveCount(1);
  // The home page, fetched first and long done, is no longer named.
  await expect(urls.getByText(site.url, { exact: true })).toHaveCount(0);
  await expect(progress).not.toContainText('Small sites usually finish');
  await shoot(page, testInfo, 'slow-progress', progress);

  await expect(home.results).toBeVisible({ timeout: 30_000 });
  const seo = home.seoCard;
  await expect(seo.getByTestId('seo-score')).toBeVisible();
  const stat = (label: string) =>
    seo.locator('.seo-stats > div').filter({ hasText: label }).locator('dd');
  // Counted at the 5 s limit: the p95 of 6 URLs (robots.txt aside) with 2 timeouts is 5,000 ms.
  await expect(stat('p95 response time')).toHaveText('5,000 ms');
  const avg = Number((await stat('Avg. response time').innerText()).replace(/\D/g, ''));
  expect(avg).toBeGreaterThanOrEqual(1000);
  await expect(stat('Timed out')).toHaveText('2');
  await expect(stat('Broken links')).toHaveText('0');
  await expect(seo.getByTestId('response-time-note')).toHaveText(
    /^Response times: Over \d URLs, with the 2 that timed out counted at the 5 s limit \(their real time is longer\)\.$/,
  );
  const issues = seo.locator('.issue-list li');
  await expect(issues.filter({ hasText: '2 pages took longer than 5 s (timed out)' })).toHaveCount(
    1,
  );
  await expect(issues.filter({ hasText: 'broken internal link' })).toHaveCount(0);
  await shoot(page, testInfo, 'slow-seo', seo);
});
