import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { startFixtureSite } from '../fixtures/site/index';
import { allRows, parseCsv, startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** What the report showed at one DOM change: the range label and the URLs of the rows. */
interface TableState {
  label: string;
  urls: string[];
}

/**
 * Records the range label and the rows at every DOM change of the report, so a label that
 * does not match the rows on screen is caught even when it lasts one render.
 */
async function recordTableStates(page: Page): Promise<void> {
  await page.evaluate(() => {
    const states: { label: string; urls: string[] }[] = [];
    const snap = () => {
      const label = document.querySelector('[data-testid="report-range"]')?.textContent ?? '';
      const cells = document.querySelectorAll('[data-testid="url-table"] tbody .url-cell');
      states.push({ label, urls: Array.from(cells, (cell) => cell.textContent ?? '') });
    };
    const report = document.getElementById('urls');
    if (!report) throw new Error('no report on the page');
    new MutationObserver(snap).observe(report, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    snap();
    (window as unknown as { tableStates: typeof states }).tableStates = states;
  });
}

/** Every recorded state whose label names a range shows exactly the rows of that range. */
async function expectLabelsMatchRows(
  page: Page,
  rowsOf: (label: string) => string[] | undefined,
): Promise<number> {
  const states = await page.evaluate(
    () => (window as unknown as { tableStates: TableState[] }).tableStates,
  );
  const ranged = states.filter((state) => state.label.startsWith('URLs '));
  for (const state of ranged) expect(state.urls, state.label).toEqual(rowsOf(state.label));
  return ranged.length;
}

test('the URL table: counts, filters, search, sort, paging, one URL in detail, CSV and JSON Lines report', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const site = await startFixtureSite({
    pages: 80,
    features: ['redirects', 'noindex', 'errors', 'canonical', 'robots-pages'],
  });
  try {
    await signInFreshUser(page, 'table');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    const rows = await allRows(page.request, jobId);
    // The fixture yields more than two pages of 50 rows and every kind of verdict asked for.
    expect(rows.length).toBeGreaterThan(100);
    const byReason = (reason: string) => rows.filter((r) => r.reason === reason);
    const noindex = byReason('noindex');
    const excluded = rows.filter((r) => r.reason !== 'listed');
    expect(noindex.length).toBeGreaterThan(0);

    // Every page of rows answers slowly, so the moment between asking and showing is long.
    await page.route('**/api/crawl/*/urls?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    // The rows each range label may stand beside (the table's default order is the crawl's).
    const urlsOf = (list: typeof rows) => list.map((r) => r.url);
    const rangeRows = new Map([
      [`URLs 1–50 of ${rows.length}`, urlsOf(rows.slice(0, 50))],
      [`URLs 51–100 of ${rows.length}`, urlsOf(rows.slice(50, 100))],
      [`URLs 101–${rows.length} of ${rows.length}`, urlsOf(rows.slice(100))],
      [`URLs 1–${noindex.length} of ${noindex.length}`, urlsOf(noindex)],
    ]);

    await page.goto(`/crawls/${jobId}`);
    const table = page.getByTestId('url-table');
    const bodyRows = table.locator('tbody tr');
    const range = page.getByTestId('report-range');
    const counts = page.getByTestId('report-counts');
    await expect(counts).toContainText(`${rows.length} URLs`);
    await expect(counts.locator('[data-reason="listed"]')).toContainText(
      `${byReason('listed').length} listed`,
    );
    await expect(counts.locator('[data-reason="noindex"]')).toContainText(
      `${noindex.length} noindex`,
    );

    // Paging by cursor: three pages, every URL once, Previous goes back.
    // The label always names the rows on screen, so once it names a page its rows are there.
    await expect(range).toHaveText(`URLs 1–50 of ${rows.length}`);
    await recordTableStates(page);
    const urlsOn = () => table.locator('tbody .url-cell').allTextContents();
    const seen = await urlsOn();
    await page.getByRole('button', { name: 'Next page' }).click();
    // While the next page is on its way the rows are still the first page's: no range is named.
    await expect(range).toHaveText('Loading…');
    await page.screenshot({ path: test.info().outputPath('paging-loading-1280.png') });
    await expect(range).toHaveText(`URLs 51–100 of ${rows.length}`);
    await page.screenshot({ path: test.info().outputPath('paging-loaded-1280.png') });
    seen.push(...(await urlsOn()));
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(range).toHaveText(`URLs 101–${rows.length} of ${rows.length}`);
    seen.push(...(await urlsOn()));
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect([...seen].sort()).toEqual(rows.map((r) => r.url).sort());
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(range).toHaveText(`URLs 51–100 of ${rows.length}`);

    // A count filters by its reason; the filter is in the address and survives a reload.
    await counts.locator('[data-reason="noindex"]').click();
    await expect(page).toHaveURL(/reason=noindex/);
    await expect(range).toHaveText(`URLs 1–${noindex.length} of ${noindex.length}`);
    // At no render did a label name a range other than the one of the rows beside it.
    expect(await expectLabelsMatchRows(page, (label) => rangeRows.get(label))).toBeGreaterThan(3);
    await page.reload();
    await expect(bodyRows).toHaveCount(noindex.length);
    for (const reason of await bodyRows.evaluateAll((trs) => trs.map((tr) => tr.dataset.reason)))
      expect(reason).toBe('noindex');

    // One URL in detail: why it is not in the sitemap; Escape closes it.
    await table.locator('tbody .url-cell').first().click();
    const detail = page.getByTestId('url-detail');
    await expect(detail).toBeVisible();
    await expect(detail.getByTestId('detail-why')).toContainText('noindex');
    await expect(detail.getByRole('heading', { name: 'Robots directives' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(page).not.toHaveURL(/[?&]url=/);

    // Verdict: excluded only.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Verdict', { exact: true }).selectOption('excluded');
    await expect(range).toHaveText(`URLs 1–${excluded.length} of ${excluded.length}`);
    expect(await bodyRows.evaluateAll((trs) => trs.map((tr) => tr.dataset.reason))).not.toContain(
      'listed',
    );

    // Search by URL.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search URL or title').fill('/to/');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/q=%2Fto%2F/);
    const found = rows.filter((r) => r.url.includes('/to/'));
    await expect(bodyRows).toHaveCount(found.length);
    for (const url of await urlsOn()) expect(url).toContain('/to/');

    // Sort by URL: the header says so and the rows are the server's sorted first page.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await table.getByRole('button', { name: 'URL' }).click();
    await expect(table.locator('th[aria-sort="ascending"]')).toHaveText(/URL/);
    const sorted = (await (
      await page.request.get(`/api/crawl/${jobId}/urls?sort=url&dir=asc&limit=50`)
    ).json()) as { rows: { url: string }[] };
    await expect(table.locator('tbody .url-cell')).toHaveText(sorted.rows.map((r) => r.url));
    // The caption reads the column's name, never the API's field (walkthrough defect 49).
    await table.getByRole('button', { name: 'Response time' }).click();
    await expect(table.locator('caption')).toHaveText(/sorted by response time (a|de)scending$/);

    // The CSV report of all rows: BOM, one header row, one record per URL with its verdict.
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /Crawl report \(CSV\)/ }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toMatch(/^crawl-report-.*\.csv$/);
    const csvText = fs.readFileSync((await csvFile.path()) ?? '', 'utf8');
    expect(csvText.startsWith('\uFEFF')).toBe(true);
    const [header, ...records] = parseCsv(csvText.slice(1));
    expect(header?.slice(0, 4)).toEqual(['URL', 'Status', 'Verdict', 'Verdict code']);
    expect(records).toHaveLength(rows.length);
    // No status (robots-blocked): an empty cell, as the API's null.
    const verdictOf = new Map(
      rows.map((r) => [r.url, `${r.reason}|${r.verdict}|${r.status ?? ''}`]),
    );
    for (const [url, status, verdict, code] of records)
      expect(`${code}|${verdict}|${status}`, url).toBe(verdictOf.get(url ?? ''));

    // JSON Lines of the current filter only.
    await counts.locator('[data-reason="noindex"]').click();
    await expect(bodyRows).toHaveCount(noindex.length);
    const jsonlDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: /Crawl report \(JSON Lines\)/ }).click();
    const lines = fs
      .readFileSync((await (await jsonlDownload).path()) ?? '', 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { url: string; reason: string });
    expect(lines.map((l) => l.url).sort()).toEqual(noindex.map((r) => r.url).sort());

    // A hand-edited address with a reason the server does not know: its words, no crash.
    await page.goto(`/crawls/${jobId}?reason=bogus`);
    await expect(page.getByTestId('report-error')).toContainText('reason must be one of');
    await expect(page.getByTestId('crawl-results')).toBeVisible();

    // On a 390 px phone the page does not scroll sideways: the table scrolls in its own region.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/crawls/${jobId}`);
    await expect(range).toHaveText(`URLs 1–50 of ${rows.length}`);
    await recordTableStates(page);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(range).toHaveText('Loading…');
    await page.screenshot({ path: test.info().outputPath('paging-loading-390.png') });
    await expect(range).toHaveText(`URLs 51–100 of ${rows.length}`);
    await page.screenshot({ path: test.info().outputPath('paging-loaded-390.png') });
    expect(await expectLabelsMatchRows(page, (label) => rangeRows.get(label))).toBeGreaterThan(1);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('region', { name: 'URL table' })).toBeVisible();
  } finally {
    await site.close();
  }
});
