import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** A row of the URL table as the API answers it (the fields this test reads). */
interface Row {
  id: number;
  url: string;
  reason: string;
  depth: number;
  status: number | null;
}

/**
 * The URL table's Internal and External views (issue 25 point 4, walkthrough defect 9): the
 * table opens on the site's own URLs, start page first and in crawl order (depth, then the
 * order met), and the URLs outside the site have their own tab with their count; a sort by
 * status puts the URLs without one last, in both directions (defect 27). At 1280 and 390 px.
 */
test('the URL table opens on the internal URLs in crawl order; external ones have their own tab', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const site = await startFixtureSite({ pages: 12, features: ['discovery', 'robots-pages'] });
  try {
    await signInFreshUser(page, 'scope');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    const all = (await (await page.request.get(`/api/crawl/${jobId}/urls?limit=500`)).json()) as {
      rows: Row[];
    };
    const external = all.rows.filter((r) => r.reason === 'out-of-scope');
    const internal = all.rows
      .filter((r) => r.reason !== 'out-of-scope')
      .sort((a, b) => a.depth - b.depth || a.id - b.id);
    expect(external.length).toBeGreaterThanOrEqual(2);
    expect(internal.length).toBeLessThanOrEqual(50);
    expect(internal[0]?.url).toBe(`${site.url.replace(/\/$/, '')}/`);
    // Rows without a status (robots-blocked, outside the site) are in both views.
    expect(internal.some((r) => r.status === null)).toBe(true);

    const tabs = page.getByRole('group', { name: 'Which URLs the table shows' });
    const urlCells = page.getByTestId('url-table').locator('tbody .url-cell');
    const range = page.getByTestId('report-range');
    // The tabs at the top of the screenshot, below the sticky header.
    const showTabs = () =>
      tabs.evaluate((el) => {
        el.scrollIntoView({ block: 'start' });
        window.scrollBy(0, -80);
      });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/crawls/${jobId}`);
      // The site's own URLs, in crawl order: the start page first, nothing from outside.
      await expect(
        tabs.getByRole('button', { name: `Internal ${internal.length}` }),
      ).toHaveAttribute('aria-pressed', 'true');
      await expect(tabs.getByRole('button', { name: `External ${external.length}` })).toBeVisible();
      await expect(tabs.getByRole('button', { name: `All ${all.rows.length}` })).toBeVisible();
      await expect(range).toHaveText(`URLs 1–${internal.length} of ${internal.length}`);
      await expect(urlCells).toHaveText(internal.map((r) => r.url));
      await showTabs();
      await page.screenshot({ path: test.info().outputPath(`internal-${width}.png`) });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);

      // Outside the site: its own tab, its own count, in the address.
      await tabs.getByRole('button', { name: /^External/ }).click();
      await expect(page).toHaveURL(/scope=external/);
      await expect(range).toHaveText(`URLs 1–${external.length} of ${external.length}`);
      await expect(urlCells).toHaveText(
        [...external].sort((a, b) => a.depth - b.depth || a.id - b.id).map((r) => r.url),
      );
      await showTabs();
      await page.screenshot({ path: test.info().outputPath(`external-${width}.png`) });
    }

    // Sorted by status either way, the URLs without one come last.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/crawls/${jobId}`);
    await expect(range).toHaveText(`URLs 1–${internal.length} of ${internal.length}`);
    const table = page.getByTestId('url-table');
    const statuses = () => table.locator('tbody td:nth-child(2)').allTextContents();
    const empty = internal.filter((r) => r.status === null).length;
    await table.getByRole('button', { name: 'Status' }).click();
    await expect(table.locator('th[aria-sort="ascending"]')).toHaveText(/Status/);
    await expect(page).toHaveURL(/sort=status/);
    await expect(range).toHaveText(`URLs 1–${internal.length} of ${internal.length}`);
    for (const dir of ['ascending', 'descending']) {
      if (dir === 'descending') {
        await table.getByRole('button', { name: 'Status' }).click();
        await expect(table.locator('th[aria-sort="descending"]')).toHaveText(/Status/);
        await expect(page).toHaveURL(/dir=desc/);
      }
      await expect(range).toHaveText(`URLs 1–${internal.length} of ${internal.length}`);
      const shown = await statuses();
      expect(
        shown.slice(-empty).every((s) => s.startsWith('–')),
        dir,
      ).toBe(true);
      expect(
        shown.slice(0, -empty).some((s) => s.startsWith('–')),
        dir,
      ).toBe(false);
    }
    await page.screenshot({ path: test.info().outputPath('status-desc-1280.png') });
  } finally {
    await site.close();
  }
});
