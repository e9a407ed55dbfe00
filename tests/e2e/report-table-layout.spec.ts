// Walkthrough defects 45 and 46 in Chromium: the Verdict column stays as narrow as its pill with
// an SEO-issue filter, "Clear filters" sits beside Search, the Verdict column is on screen at
// 390 px, and a free user's report has no Live sitemap filter or column it can never fill.
import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

test('the URL table keeps Verdict narrow and on screen, and hides the live sitemap from free users', async ({
  page,
}, testInfo) => {
  const fixture = await startFixtureSite({ pages: 12, features: ['media'] });
  try {
    await signInFreshUser(page, 'tablelayout');
    const jobId = await startCrawlByApi(page.request, fixture.url);
    await waitForCrawl(page.request, jobId);
    await page.goto(`/crawls/${jobId}?issue=no-structured-data`);
    const table = page.getByTestId('url-table');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const headers = table.locator('thead th');

    // Free: no Live sitemap filter, no column of dashes.
    await expect(page.locator('#filter-sitemap')).toHaveCount(0);
    await expect(headers.filter({ hasText: 'Live sitemap' })).toHaveCount(0);

    // 1280 px: the verdict column is about its pill, Clear filters beside Search.
    const verdict = headers.filter({ hasText: /^Verdict$/ });
    const width = (await verdict.boundingBox())?.width ?? 0;
    expect(width).toBeLessThan(140);
    const search = page.getByRole('button', { name: 'Search', exact: true });
    const clear = page.getByRole('button', { name: 'Clear filters' });
    const [s, c] = [await search.boundingBox(), await clear.boundingBox()];
    expect(Math.abs((s?.y ?? 0) - (c?.y ?? 100))).toBeLessThan(2);
    await page.getByTestId('url-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('table-issue-1280.png') });

    // 390 px: the verdict column is on screen without scrolling sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await table.scrollIntoViewIfNeeded();
    const box = await verdict.boundingBox();
    expect((box?.x ?? 999) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('table-issue-390.png') });

    // Pro: the comparison can fill them, so they are offered.
    await page.setViewportSize({ width: 1280, height: 900 });
    await becomePro(page.request);
    await page.reload();
    await expect(page.locator('#filter-sitemap')).toBeVisible();
    await expect(headers.filter({ hasText: 'Live sitemap' })).toHaveCount(1);
  } finally {
    await fixture.close();
  }
});
