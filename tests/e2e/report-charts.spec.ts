// Issue 29 point 2: the charts above the URL table. Each bar, clicked or pressed with the
// keyboard, filters the table to exactly its URLs; each chart has its numbers as a table; the
// page stays axe-clean and is looked at in screenshots at 1280 and 390 px.
import type { Page } from '@playwright/test';
import type { CrawlCharts, FolderNode } from '../../packages/core/src/browser';
import { startFixtureSite } from '../fixtures/site/index';
import { axeViolations } from '../support/axe';
import { allRows, startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

/** The URLs in the table on screen, sorted. */
async function tableUrls(page: Page): Promise<string[]> {
  const cells = page.locator('[data-testid="url-table"] tbody .url-cell');
  return (await cells.allTextContents()).sort();
}

/** A search param as the app reads it (the router writes a string like `404` as `"404"`). */
function paramOf(page: Page, param: string): string | null {
  const raw = new URL(page.url()).searchParams.get(param);
  return raw?.startsWith('"') ? (JSON.parse(raw) as string) : raw;
}

/** Waits until the address has `param` (or has it no more, with `value` null). */
async function expectParam(page: Page, param: string, value: string | null): Promise<void> {
  await expect.poll(() => paramOf(page, param)).toBe(value);
  await expect(page.getByTestId('report-range')).not.toHaveText('Loading…');
}

test('each chart opens the URL table filtered to its bar, by mouse and keyboard, axe-clean at 1280 and 390 px', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const site = await startFixtureSite({
    pages: 60,
    features: ['redirects', 'noindex', 'errors', 'robots-pages'],
  });
  try {
    await signInFreshUser(page, 'charts');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    const rows = (await allRows(page.request, jobId)).filter((r) => r.reason !== 'out-of-scope');
    const charts = (await (
      await page.request.get(`/api/crawl/${jobId}/charts`)
    ).json()) as CrawlCharts;
    expect(charts.total).toBe(rows.length);

    await page.goto(`/crawls/${jobId}`);
    const region = page.getByRole('region', { name: 'The site at a glance' });
    await expect(region.locator('figure')).toHaveCount(5);

    // A click on the 404 bar: the table lists exactly the site's URLs that answered 404.
    const notFound = rows.filter((r) => r.status === 404).map((r) => r.url);
    expect(notFound.length).toBeGreaterThan(0);
    const bar404 = region.locator('[data-chart="chart-statuses"] button', { hasText: /^404/ });
    await expect(bar404).toContainText(String(notFound.length));
    await bar404.click();
    await expectParam(page, 'httpStatus', '404');
    await expect(bar404).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('chart-filter')).toContainText('status 404');
    await expect.poll(() => tableUrls(page)).toEqual(notFound.sort());
    // Pressed again, it lets go of its filter.
    await bar404.click();
    await expectParam(page, 'httpStatus', null);

    // The keyboard: the depth bar of one click, pressed with Enter.
    const depthOne = region.locator('[data-chart="chart-depths"] button', { hasText: /^1 click/ });
    const oneClick = charts.depths.find((d) => d.depth === 1)?.count ?? 0;
    await depthOne.focus();
    await page.keyboard.press('Enter');
    await expectParam(page, 'depth', '1');
    await expect(page.getByTestId('report-range')).toHaveText(`URLs 1–${Math.min(oneClick, 50)}`);
    await page.keyboard.press('Space');
    await expectParam(page, 'depth', null);

    // A folder of the site: its URLs only.
    const root = charts.folders[0] as FolderNode;
    const folder = root.children.find((f) => f.urls <= 50 && f.urls > 1) as FolderNode;
    const button = region.locator('[data-chart="folders"] button.chart-bar', {
      hasText: new RegExp(`^${folder.name}`),
    });
    await button.click();
    await expectParam(page, 'under', folder.prefix);
    const under = rows.filter((r) => r.url.startsWith(folder.prefix)).map((r) => r.url);
    expect(under).toHaveLength(folder.urls);
    await expect.poll(() => tableUrls(page)).toEqual(under.sort());

    // The numbers behind a chart, opened with the keyboard.
    const numbers = region.locator('[data-chart="chart-statuses"] details summary');
    await numbers.focus();
    await page.keyboard.press('Enter');
    const table = region.locator('[data-chart="chart-statuses"] table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row', { name: /^404/ })).toContainText(String(notFound.length));

    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 1280 ? 900 : 844 });
      expect(await axeViolations(page), `${width}px`).toEqual([]);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
    }
    await shoot(page, testInfo, 'report-charts', region);
    await shoot(
      page,
      testInfo,
      'report-charts-lower',
      region.locator('[data-chart="chart-depths"]'),
    );
  } finally {
    await site.close();
  }
});

test('the charts of a one-page crawl and of a crawl stopped at the free plan’s cap', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const [one, big] = await Promise.all([
    startFixtureSite({ pages: 1 }),
    startFixtureSite({ pages: 140 }),
  ]);
  try {
    await signInFreshUser(page, 'charts-small');
    for (const [name, site] of [
      ['one-page', one],
      ['capped', big],
    ] as const) {
      const jobId = await startCrawlByApi(page.request, site.url);
      expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
      await page.goto(`/crawls/${jobId}`);
      const region = page.getByRole('region', { name: 'The site at a glance' });
      await expect(region.locator('figure')).toHaveCount(5);
      const start = region.locator('[data-chart="chart-depths"] button', {
        hasText: /^start page/,
      });
      await expect(start).toContainText('1');
      expect(await axeViolations(page), name).toEqual([]);
      await shoot(page, testInfo, `report-charts-${name}`, region);
    }
  } finally {
    await Promise.all([one.close(), big.close()]);
  }
});
