import type { APIRequestContext, Page } from '@playwright/test';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Makes the signed-in user Pro the real way: an order captured at the PayPal stand-in. */
async function becomePro(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/paypal/create-order', { data: {} });
  expect(order.ok(), await order.text()).toBe(true);
  const { orderID } = (await order.json()) as { orderID: string };
  const capture = await request.post('/api/paypal/capture-order', { data: { orderID } });
  expect(capture.ok(), await capture.text()).toBe(true);
}

function urlset(site: FixtureSite, paths: string[]): string {
  const locs = paths.map((p) => `<url><loc>${site.origin}${p}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs}\n</urlset>\n`;
}

/** Screenshots at desktop and phone widths (viewed by hand when the UI changes). */
async function shots(page: Page, name: string, selector = '#checker'): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator(selector).screenshot({
      path: test.info().outputPath(`${name}-${width}.png`),
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

let site: FixtureSite;
test.beforeAll(async () => {
  site = await startFixtureSite({
    pages: 10,
    features: ['redirects', 'errors', 'noindex', 'canonical', 'sitemap'],
  });
});
test.afterAll(async () => {
  await site.close();
});

test('a Pro user audits an uploaded sitemap: progress, summary, filters, table and CSV', async ({
  page,
}) => {
  await signInFreshUser(page, 'auditpro');
  await becomePro(page.request);
  const home = new HomePage(page);
  await home.goto('#checker');
  const paths = ['/', '/p/1', '/p/2', '/r/301', '/e/404', '/noindex/meta', '/canonical/dup'];
  await home.uploadSitemap('audit-me.xml', urlset(site, paths));
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('7');
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toContainText('Live status of every listed URL');
  await expect(page.getByTestId('audit-teaser')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Check every URL live' }).click();
  await expect(panel.getByTestId('audit-summary')).toHaveText(
    '7 of 7 URLs checked: 3 fine, 1 404, 1 redirect, 1 noindex, 1 canonical elsewhere',
    { timeout: 30_000 },
  );
  const table = panel.getByTestId('audit-table');
  await expect(table.locator('tbody tr')).toHaveCount(7);
  await shots(page, 'audit-pro');

  await panel.getByRole('button', { name: /1 redirect/ }).click();
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr')).toContainText(`${site.origin}/to/301`);
  await expect(table.locator('tbody tr')).toContainText('301 → 200');

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV (redirect)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('sitemap-audit-audit-me.xml.csv');
  const csv = await (await file.createReadStream())?.toArray();
  const text = Buffer.concat((csv ?? []) as Buffer[]).toString('utf8');
  expect(text.trim().split('\r\n')).toHaveLength(2);
  expect(text).toContain(`${site.origin}/r/301,redirect,redirect,200,301,${site.origin}/to/301`);
});

test('a free user sees the free result and what the Pro audit would add', async ({ page }) => {
  await signInFreshUser(page, 'auditfree');
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.sitemapUrlInput.fill(`${site.origin}/sitemaps/a.xml`);
  await home.validateButton.click();
  await expect(home.checkerResults).toBeVisible();
  const teaser = page.getByTestId('audit-teaser');
  await expect(teaser).toContainText('What the Pro audit adds');
  await expect(teaser).toContainText('noindex');
  await expect(teaser.getByRole('link', { name: 'Get the Pro audit' })).toHaveAttribute(
    'href',
    '/subscribe',
  );
  await expect(page.getByTestId('audit-panel')).toHaveCount(0);
  await shots(page, 'audit-free');
  // The API refuses a free user's audit with a clear code, whatever the page shows.
  const refused = await page.request.post('/api/audit', {
    data: { url: `${site.origin}/sitemaps/a.xml` },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe('auth.pro-required');
});

test('a Pro user compares the live sitemap with a crawl on its page; a free user sees what it adds', async ({
  page,
}) => {
  await signInFreshUser(page, 'cmpfree');
  const freeJob = await startCrawlByApi(page.request, site.url);
  await waitForCrawl(page.request, freeJob);
  await page.goto(`/crawls/${freeJob}`);
  const card = page.getByTestId('sitemap-compare');
  await expect(card).toContainText('Live sitemap against this crawl');
  await expect(card.getByRole('link', { name: 'Get Pro' })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Compare with the live sitemap' })).toHaveCount(0);

  await becomePro(page.request);
  await page.reload();
  await card.getByRole('button', { name: 'Compare with the live sitemap' }).click();
  const orphans = card.getByRole('button', { name: '4 in sitemap, never linked' });
  await expect(orphans).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText(`${site.origin}/sitemaps/missing.xml`);
  await orphans.click();
  const table = card.getByTestId('sitemap-findings');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.locator('tbody')).toContainText(`${site.origin}/orphan/4`);
  await shots(page, 'sitemap-compare', '[data-testid="sitemap-compare"]');

  // The URL table: a column and a filter of the same findings.
  await page.getByLabel('Live sitemap', { exact: true }).selectOption('orphan');
  const rows = page.getByTestId('url-table').locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.first()).toContainText('in sitemap, never linked');
  await expect(page).toHaveURL(/sitemap=orphan/);
  await shots(page, 'url-table-sitemap', '#urls');
});

test('the comparison runs as a job: the card says it is comparing until the findings arrive', async ({
  page,
}) => {
  // Every answer of this site takes a second, so the comparison is seen while it runs.
  const slowSite = await startFixtureSite({ pages: 3, features: ['sitemap'], latencyMs: 1000 });
  try {
    await signInFreshUser(page, 'cmpslow');
    await becomePro(page.request);
    const jobId = await startCrawlByApi(page.request, slowSite.url);
    await waitForCrawl(page.request, jobId);
    await page.goto(`/crawls/${jobId}`);
    const card = page.getByTestId('sitemap-compare');
    await card.getByRole('button', { name: 'Compare with the live sitemap' }).click();
    const state = card.getByTestId('sitemap-compare-state');
    await expect(state).toContainText(/Waiting for a free worker|Comparing: reading the live/);
    await expect(card.getByRole('button', { name: 'Comparing...' })).toBeDisabled();
    await shots(page, 'sitemap-compare-comparing', '[data-testid="sitemap-compare"]');
    // The same start again joins the job under way rather than starting a second one.
    const again = await page.request.post(`/api/crawl/${jobId}/sitemap-compare`, { data: {} });
    expect(again.status()).toBe(200);
    expect(['waiting', 'comparing']).toContain((await again.json()).state);
    await expect(card.getByRole('button', { name: 'Compare again' })).toBeVisible({
      timeout: 45_000,
    });
    await expect(state).toHaveText('');
    await expect(card.getByRole('button', { name: /\d+ in sitemap, never linked/ })).toBeVisible();
  } finally {
    await slowSite.close();
  }
});
