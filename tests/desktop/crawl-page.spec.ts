import fs from 'node:fs';
import { HomePage } from '../e2e/pages/home-page';
import { startFixtureSite } from '../fixtures/site/index';
import { expect, test } from './support/renderer-fixture';

test('the crawl page works over IPC: results, URL table, filter, detail, CSV report, reload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const site = await startFixtureSite({ pages: 20, features: ['redirects', 'noindex'] });
  try {
    const home = new HomePage(page);
    await home.goto();
    await home.generate(site.url);
    await expect(home.results).toBeVisible({ timeout: 45_000 });
    await expect(page).toHaveURL(/\/\?job=[\w-]+$/);
    await page.getByRole('link', { name: 'Open the full crawl report' }).click();
    await expect(page).toHaveURL(/\/crawls\/[\w-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.url);

    const table = page.getByTestId('url-table');
    const counts = page.getByTestId('report-counts');
    await expect(table.locator('tbody tr').first()).toBeVisible();
    // The same tabs as the website, opening on the site's own URLs (issue 25 point 4).
    const tabs = page.getByRole('group', { name: 'Which URLs the table shows' });
    await expect(tabs.getByRole('button', { name: /^Internal \d+$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(tabs.getByRole('button', { name: /^External \d+$/ })).toBeVisible();
    await expect(table.locator('tbody tr').first().locator('.url-cell')).toHaveText(
      `${site.url.replace(/\/$/, '')}/`,
    );
    await tabs.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: test.info().outputPath('desktop-internal-tab.png') });
    const noindex = counts.locator('[data-reason="noindex"]');
    const n = Number((await noindex.locator('strong').textContent()) ?? '0');
    expect(n).toBeGreaterThan(0);
    await noindex.click();
    await expect(table.locator('tbody tr')).toHaveCount(n);
    for (const reason of await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => (tr as HTMLElement).dataset.reason)))
      expect(reason).toBe('noindex');

    await table.locator('tbody .url-cell').first().click();
    await expect(page.getByTestId('detail-why')).toContainText('noindex');
    await page.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('url-detail')).toHaveCount(0);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Crawl report \(CSV\)/ }).click();
    const file = await download;
    const text = fs.readFileSync((await file.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFFURL,Status,Verdict,Verdict code')).toBe(true);
    // The current filter: the header and one line per noindex URL.
    expect(text.trim().split(/\r\n/)).toHaveLength(n + 1);

    // A reload (the renderer's deep link) shows the same page and filter.
    await page.reload();
    await expect(table.locator('tbody tr')).toHaveCount(n);
    await expect(page.getByTestId('crawl-results')).toBeVisible();
  } finally {
    await site.close();
  }
});
