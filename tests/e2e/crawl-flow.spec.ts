import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { startKeySite } from './support/key-site';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

const CHECK_SITEMAP = path.resolve(import.meta.dirname, '../../../shared/xsd/check-sitemap.sh');
const XML_FAMILY = ['xml', 'xml-images', 'images', 'videos'];

test('signed in: crawl a fixture site, watch progress, download every format, see the dashboard', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fixture = await startFixtureSite({
    pages: 30,
    features: ['media', 'structured'],
    latencyMs: 40,
  });
  const site = await startKeySite(fixture.url);
  const saveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-downloads-'));
  try {
    const account = await signInFreshUser(page, 'crawler');
    const home = new HomePage(page);
    await home.goto();
    await home.generate('');
    await home.expectToast('URL Required', 'Please enter a website URL');

    await home.generate(site.url);
    await home.expectToast('Crawling Started');
    await expect(home.progress).toBeVisible();
    await expect(home.progress).toContainText('Pages found');
    await expect(home.progress).toContainText('Elapsed time');
    await expect(home.progress.getByRole('progressbar')).toBeVisible();
    await expect(page.locator('.step[data-done="true"]')).toHaveCount(2);

    await expect(home.results).toBeVisible({ timeout: 45_000 });
    await expect(page.locator('.step[data-done="true"]')).toHaveCount(3);
    const count = Number(await home.results.getByTestId('page-count').textContent());
    expect(count).toBeGreaterThanOrEqual(20);
    await expect(home.results.locator('.preview-list li')).toHaveCount(10);
    await expect(home.results).toContainText(`+ ${count - 10} more`);
    await expect(home.results.getByRole('complementary', { name: 'Upgrade to Pro' })).toBeVisible();

    for (const format of ['xml', 'html', 'rss', 'json', 'txt', 'xml-images', 'images', 'videos']) {
      const download = page.waitForEvent('download');
      await home.downloadButton(format).click();
      const file = await download;
      const target = path.join(saveDir, file.suggestedFilename());
      await file.saveAs(target);
      expect(fs.statSync(target).size, format).toBeGreaterThan(0);
      await home.expectToast('Download Started');
      if (XML_FAMILY.includes(format)) {
        const out = execFileSync('bash', [CHECK_SITEMAP, target], { encoding: 'utf8' });
        expect(out, format).toMatch(/^ok /m);
      }
    }
    // gzip applies to the four sitemap formats only.
    await home.gzipCheckbox.check();
    const gz = page.waitForEvent('download');
    await home.downloadButton('xml').click();
    const gzFile = await gz;
    expect(gzFile.suggestedFilename()).toMatch(/\.gz$/);
    const gzTarget = path.join(saveDir, gzFile.suggestedFilename());
    await gzFile.saveAs(gzTarget);
    expect(execFileSync('bash', [CHECK_SITEMAP, gzTarget], { encoding: 'utf8' })).toMatch(/^ok /m);
    const json = page.waitForEvent('download');
    await home.downloadButton('json').click();
    expect((await json).suggestedFilename()).not.toMatch(/\.gz$/);

    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { name: `Welcome back, ${account.username}` }),
    ).toBeVisible();
    const recent = page.getByTestId('recent-crawls');
    await expect(recent).toContainText(site.url.replace(/\/$/, ''));
    await expect(recent.locator('.status-completed')).toHaveText('Completed');
    await expect(page.getByTestId('crawl-count')).toHaveText('1');
    await expect(page.locator('.stat-card').filter({ hasText: 'Total Crawls' })).toContainText('1');
    await expect(page.getByTestId('usage-card')).toContainText(
      `${count} of 500 pages used this month`,
    );
  } finally {
    await site.close();
    await fixture.close();
    fs.rmSync(saveDir, { recursive: true, force: true });
  }
});
