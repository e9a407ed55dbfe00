// Issue 27 point 5 on the desktop: the sitemap audit under the checker, through the real
// preload. A linked Pro account audits an uploaded sitemap of a fixture site (run in main on the
// engine's audit queue): it starts, shows its progress, its verdicts, table and CSV download,
// and a second audit of a slow site is stopped while it runs. A free desktop sees what the audit
// adds and how to link Pro, and its IPC is refused with `auth.pro-required`. The checker's lead
// says nothing is uploaded on the desktop. Screenshots of the panel and the lead at 1280 and
// 390 px go to the test's output folder.
import fs from 'node:fs';
import { HomePage } from '../e2e/pages/home-page';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { expect, test } from './support/renderer-fixture';
import { invokeInPage, linkProAccount } from './support/shell-calls';

const PRO_TOKEN = 'msk_pro_audit_page_0123456789';
const PATHS = ['/', '/p/1', '/r/301', '/e/404', '/noindex/meta', '/canonical/dup'];

let hosted: HostedServer;
let site: FixtureSite;
/** Every answer takes 500 ms, so its audit is still running when stopped. */
let slow: FixtureSite;
test.beforeAll(async () => {
  [hosted, site, slow] = await Promise.all([
    startHostedServer({
      [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
    }),
    startFixtureSite({ pages: 10, features: ['redirects', 'errors', 'noindex', 'canonical'] }),
    startFixtureSite({ pages: 40, latencyMs: 500 }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([hosted.close(), site.close(), slow.close()]);
});

function urlset(origin: string, paths: string[]): string {
  const locs = paths.map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`;
}

test('a linked Pro account audits a sitemap: progress, results, CSV, and a stop', async ({
  page,
  desktop,
}, testInfo) => {
  test.setTimeout(120_000);
  expect(await linkProAccount(desktop, hosted.url, PRO_TOKEN)).toBe(true);
  await page.setViewportSize({ width: 1280, height: 900 });
  const home = new HomePage(page);
  await home.goto('#checker');
  // Nothing is uploaded on the desktop: the checker's lead says so, not the hosted site's words.
  await expect(page.locator('#checker .lead')).toHaveText(
    'Validate a sitemap before search engines see it. Files are checked on this computer and never uploaded, a Pro audit of their URLs included.',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.locator('#checker .lead').screenshot({
      path: testInfo.outputPath(`checker-lead-${width}.png`),
    });
  }
  await home.uploadSitemap('audit-me.xml', urlset(site.origin, PATHS));
  const panel = page.getByTestId('audit-panel');
  await expect(panel).toBeVisible();
  await expect(panel).not.toContainText('uploads the file');
  await panel.getByRole('button', { name: 'Check every URL live' }).click();
  await expect(panel.getByTestId('audit-summary')).toHaveText(
    '6 of 6 URLs checked: 2 fine, 1 404, 1 redirect, 1 noindex, 1 canonical elsewhere',
    { timeout: 60_000 },
  );
  await expect(panel.getByRole('table')).toContainText(`${site.origin}/r/301`);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await panel.screenshot({ path: testInfo.outputPath(`audit-done-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: /^Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('sitemap-audit-audit-me.xml.csv');
  const csv = fs.readFileSync((await download.path()) ?? '', 'utf8');
  expect(csv.trimEnd().split('\r\n')).toHaveLength(7);

  // A second audit, of a slow site: its progress shows while it runs, then the user stops it.
  const slowPaths = Array.from({ length: 40 }, (_, i) => `/p/${i + 1}`);
  await home.uploadSitemap('slow.xml', urlset(slow.origin, slowPaths));
  const second = page.getByTestId('audit-panel');
  await second.getByRole('button', { name: 'Check every URL live' }).click();
  await expect(second.getByRole('progressbar', { name: 'URLs checked' })).toBeVisible();
  await expect(second.getByTestId('audit-summary')).toHaveText(
    /^[1-9]\d* of 40 URLs checked\.\.\./,
    {
      timeout: 60_000,
    },
  );
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await second.screenshot({ path: testInfo.outputPath(`audit-running-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  page.once('dialog', (dialog) => void dialog.accept());
  await second.getByTestId('audit-stop').click();
  await expect(second).toContainText(/Stopped by you after \d+ URLs? checked/, { timeout: 30_000 });
  await expect(second.getByRole('progressbar')).toHaveCount(0);
});

test('a free desktop sees what the audit adds, how to link Pro, and is refused', async ({
  page,
}, testInfo) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap('audit-me.xml', urlset(site.origin, PATHS));
  const teaser = page.getByTestId('audit-teaser');
  await expect(teaser).toContainText('What the Pro audit adds');
  await expect(teaser).toContainText('Link a Pro account with an API token to audit here.');
  await expect(page.getByTestId('audit-panel')).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await teaser.screenshot({ path: testInfo.outputPath(`audit-free-${width}.png`) });
  }
  const reply = await invokeInPage(page, 'audit.start', { url: 'https://example.com/sitemap.xml' });
  expect(reply.ok).toBe(false);
  expect(reply.status).toBe(403);
  expect(reply.body.code).toBe('auth.pro-required');
  expect(reply.body.message).toMatch(/^Sitemap audits .*Link a Pro account/);
});
