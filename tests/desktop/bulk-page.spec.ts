// Issue 27 point 5 on the desktop: the bulk page through the real preload. A linked Pro account
// starts a list of fixture sites, watches it progress and finish (crawled by the desktop's
// crawler processes), and saves the zip through the download path; a free desktop sees what
// bulk lists offer and how to link Pro, and its IPC is refused with `auth.pro-required`.
// Screenshots at 1280 and 390 px go to the test's output folder.
import fs from 'node:fs';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { linkProAccount } from './support/link-pro';
import { expect, test } from './support/renderer-fixture';

const PRO_TOKEN = 'msk_pro_bulk_page_0123456789';

let hosted: HostedServer;
let sites: FixtureSite[];
test.beforeAll(async () => {
  [hosted, ...sites] = await Promise.all([
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
    startFixtureSite({ pages: 4 }),
    startFixtureSite({ pages: 3 }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([hosted.close(), ...sites.map((s) => s.close())]);
});

test('a linked Pro account runs a bulk list and saves its zip', async ({
  page,
  desktop,
}, testInfo) => {
  test.setTimeout(120_000);
  await linkProAccount(desktop, hosted.url, PRO_TOKEN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/bulk');
  await expect(page.getByRole('heading', { name: 'Bulk Crawl', exact: true })).toBeVisible();
  await page.getByLabel(/Sites, one a line/).fill([...sites.map((s) => s.url), 'nope'].join('\n'));
  await page.getByRole('button', { name: 'Crawl these sites' }).click();
  await page.waitForURL(/\/bulk\/[0-9a-f-]+$/);
  const progress = page.getByTestId('bulk-progress');
  await expect(progress).toBeVisible();
  await expect(progress).toHaveText('All 2 sites done: 2 completed.', { timeout: 90_000 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`bulk-done-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('bulk-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^mapsmith-bulk-\d{4}-\d{2}-\d{2}\.zip$/);
  const zip = fs.readFileSync((await download.path()) ?? '');
  expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
  expect(zip.includes(Buffer.from('summary.csv'))).toBe(true);

  await page.goto('/bulk');
  await expect(page.getByTestId('bulk-list')).toContainText('2 sites · 2 completed');
});

test('a free desktop sees what bulk lists offer, how to link Pro, and is refused', async ({
  page,
}, testInfo) => {
  await page.goto('/bulk');
  const locked = page.getByRole('region', { name: /Bulk Crawl/ });
  await expect(locked).toContainText('Bulk crawls are part of Mapsmith Pro.');
  await expect(locked).toContainText('Link your Pro account with an API token');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`bulk-free-${width}.png`), fullPage: true });
  }
  const reply = (await page.evaluate(() =>
    window.mapsmith.invoke('bulk.start', { list: 'https://example.com/' }),
  )) as { ok: boolean; status: number; body: { code: string; message: string } };
  expect(reply.ok).toBe(false);
  expect(reply.status).toBe(403);
  expect(reply.body.code).toBe('auth.pro-required');
  expect(reply.body.message).toMatch(/Link a Pro account/);
});
