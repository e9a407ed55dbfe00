// Outcomes headlined honestly (issue 26 point 5) and the change report comparing like with like
// (issue 25 point 5), in Chromium at 1280 and 390 px: the IndexNow answer after a reload, a
// schedule's robots.txt line, and a change report whose crawl settings differ.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { startKeySite } from './support/key-site';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { startBlockedSite } from './support/tiny-sites';

/** Screenshots of `focus` in view at 1280 and 390 px, into the test's output folder. */
async function shoot(page: Page, testInfo: TestInfo, name: string, focus: Locator) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the IndexNow answer of a crawl is kept: shown after a reload with its date, and a resubmission says when the URLs were last sent', async ({
  page,
  indexNow,
}, testInfo) => {
  test.setTimeout(60_000);
  const fixture = await startFixtureSite({ pages: 6 });
  const site = await startKeySite(fixture.url);
  try {
    await signInFreshUser(page, 'notify');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    await page.goto(`/crawls/${jobId}`);
    const key = (await page.getByTestId('ping-key').locator('code').textContent()) ?? '';
    site.publish(`/${key}.txt`, key);
    const notify = page.getByRole('button', { name: 'Notify Search Engines' });
    await notify.click();
    const when = page.getByTestId('ping-when');
    await expect(when).toContainText(
      /^Sent [A-Z][a-z]+ \d{1,2}, \d{4}, \d\d:\d\d [AP]M UTC: \d+ URLs?\.$/,
    );
    await expect(page.getByTestId('ping-last-sent')).toHaveCount(0);
    const sentText = await when.textContent();
    expect(indexNow.received.at(-1)?.key).toBe(key);

    await page.reload();
    await expect(when).toHaveText(sentText ?? '');
    await expect(page.getByTestId('ping-result').locator('li[data-ok="true"]')).toHaveCount(1);
    await shoot(page, testInfo, 'indexnow-after-reload', page.getByTestId('ping-result'));

    await notify.click();
    await expect(page.getByTestId('ping-last-sent')).toContainText(
      /^ ?The same URLs were sent before on [A-Z][a-z]+ \d{1,2}, \d{4}, \d\d:\d\d [AP]M UTC\.$/,
    );
    await shoot(page, testInfo, 'indexnow-resent', page.getByTestId('ping-result'));
  } finally {
    await site.close();
    await fixture.close();
  }
});

test("a schedule's stable sitemap URL says which Sitemap: line the site's robots.txt needs", async ({
  page,
}, testInfo) => {
  await signInFreshUser(page, 'robotsline');
  await becomePro(page.request);
  await page.goto('/schedules');
  await page.getByLabel('Site URL').fill('https://example.com/shop/');
  await page.getByLabel('Frequency').selectOption('weekly');
  await page.getByRole('button', { name: 'Create schedule' }).click();
  const item = page.getByTestId('schedule-item');
  const url = (await item.getByTestId('stable-url').textContent()) ?? '';
  expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}\/sitemap\.xml$/);
  const line = item.getByTestId('robots-line');
  await expect(line).toContainText('https://example.com/robots.txt');
  await expect(line.locator('code')).toHaveText(`Sitemap: ${url}`);
  await shoot(page, testInfo, 'schedule-robots-line', line);
});

test('a crawl with other settings than the previous one counts the URLs they left out apart from removed ones', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const fixture = await startFixtureSite({ pages: 12 });
  try {
    await signInFreshUser(page, 'likewithlike');
    await becomePro(page.request);
    const full = await startCrawlByApi(page.request, fixture.url);
    await waitForCrawl(page.request, full);
    const start = await page.request.post('/api/crawl', {
      data: { url: fixture.url, settings: { maxDepth: 0 } },
    });
    expect(start.ok(), await start.text()).toBe(true);
    const { jobId } = (await start.json()) as { jobId: string };
    await waitForCrawl(page.request, jobId);
    await page.goto(`/crawls/${jobId}`);
    const summary = page.getByTestId('change-summary');
    await expect(summary.getByTestId('change-words')).toHaveText(
      /^\d+ left out by changed settings \(depth\)$/,
    );
    await expect(summary).not.toContainText(/\d+ removed/);
    await expect(summary.getByTestId('change-settings')).toContainText(
      'The crawl settings differ between the two crawls (depth)',
    );
    await summary.getByText(/URLs? left out by the new settings/).click();
    await expect(summary.getByTestId('not-met-urls').locator('li').first()).toBeVisible();
    await shoot(page, testInfo, 'change-settings-differ', summary);
  } finally {
    await fixture.close();
  }
});

test('a bulk list with a site robots.txt blocks entirely: that row reads "Nothing listed" with its reason and no score', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000);
  const fixture = await startFixtureSite({ pages: 4 });
  const blocked = await startBlockedSite();
  try {
    await signInFreshUser(page, 'bulkblocked');
    await becomePro(page.request);
    const res = await page.request.post('/api/bulk', {
      data: { list: `${fixture.url}\n${blocked.url}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { bulkId } = (await res.json()) as { bulkId: string };
    await page.goto(`/bulk/${bulkId}`);
    await expect(page.getByTestId('bulk-progress')).toContainText('All 2 sites done', {
      timeout: 60_000,
    });
    const rows = page.getByTestId('bulk-sites').locator('tbody tr');
    const [ok, none] = [rows.nth(0), rows.nth(1)];
    await expect(ok.getByTestId('bulk-site-status')).toHaveText('Completed');
    await expect(ok.locator('td[data-label="SEO score"]')).toHaveText(/^\d+$/, { timeout: 30_000 });
    await expect(none.getByTestId('bulk-site-status')).toHaveText('Nothing listed');
    await expect(none.getByTestId('bulk-nothing-listed')).toContainText(
      'robots.txt blocks every page for our crawler',
    );
    await expect(none.locator('td[data-label="SEO score"]')).toHaveText('-');
    await expect(none.locator('td[data-label="Listed"]')).toHaveText('0');
    await shoot(page, testInfo, 'bulk-nothing-listed', page.getByTestId('bulk-sites'));
  } finally {
    await blocked.close();
    await fixture.close();
  }
});
