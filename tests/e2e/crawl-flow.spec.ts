import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { startKeySite } from './support/key-site';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

const CHECK_SITEMAP = path.resolve(import.meta.dirname, '../../scripts/check-sitemap.sh');
const XML_FAMILY = ['xml', 'xml-images', 'images', 'videos'];

test('signed in: crawl a fixture site, watch progress, results, downloads, SEO card, IndexNow ping, dashboard', async ({
  page,
  indexNow,
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
    await expect(home.urlInput).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Enter your site’s address, such as example.com')).toBeVisible();

    await home.generate(site.url);
    await home.expectToast('Crawl Requested');
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

    const seo = home.seoCard;
    await expect(seo).toBeVisible();
    const score = Number(await seo.getByTestId('seo-score').textContent());
    const band =
      score >= 90 ? 'Excellent' : score >= 70 ? 'Good' : score >= 50 ? 'Fair' : 'Needs Work';
    await expect(seo.locator('.seo-band')).toHaveText(band);
    for (const stat of [
      'Total pages',
      'Pages with images',
      'Pages with structured data',
      'Avg. response time',
    ]) {
      await expect(seo.locator('.seo-stats')).toContainText(stat);
    }
    const broken = seo.locator('.seo-stats > div').filter({ hasText: 'Broken links' });
    const brokenCount = Number(await broken.locator('dd').textContent());
    const severities = await seo
      .locator('.issue-list > li')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-severity')));
    expect(severities.length).toBeGreaterThan(0);
    for (const s of severities) expect(['critical', 'warning', 'info']).toContain(s);
    await expect(seo.locator('.rec-list li').first()).toBeVisible();
    // Broken links are highlighted red exactly when there are any.
    expect((await broken.getAttribute('class')) ?? '').toBe(brokenCount > 0 ? 'is-bad' : '');

    // Notify: the key and its file are shown before the first attempt, with a download.
    const keyBox = page.getByTestId('ping-key');
    await expect(keyBox).toBeVisible();
    const key = (await keyBox.locator('code').textContent()) ?? '';
    expect(key).toMatch(/^[A-Za-z0-9-]{8,128}$/);
    await expect(keyBox.getByRole('link')).toHaveText(`${new URL(site.url).origin}/${key}.txt`);
    const keyDownload = page.waitForEvent('download');
    await keyBox.getByRole('button', { name: 'Download key file' }).click();
    const keyFile = await keyDownload;
    expect(keyFile.suggestedFilename()).toBe(`${key}.txt`);
    const keyTarget = path.join(saveDir, 'key.txt');
    await keyFile.saveAs(keyTarget);
    expect(fs.readFileSync(keyTarget, 'utf8')).toBe(key);

    // Without the key file nothing is submitted: a warning, never a green "notified".
    const submittedBefore = indexNow.received.length;
    await home.pingButton.click();
    await home.expectToast('Not submitted: publish your key file');
    await expect(home.toast).toHaveAttribute('data-variant', 'warning');
    await expect(
      page.getByTestId('ping-result').locator('li[data-kind="information"]'),
    ).toHaveCount(2);
    expect(indexNow.received).toHaveLength(submittedBefore);
    site.publish(`/${key}.txt`, key);
    await home.pingButton.click();
    await home.expectToast('URLs Submitted', /URLs? submitted with IndexNow/);
    await expect(home.toast).toHaveAttribute('data-variant', 'success');
    expect(indexNow.received.at(-1)?.key).toBe(key);
    expect(indexNow.received.at(-1)?.urlList.length).toBeGreaterThanOrEqual(20);

    const sitemapFiles: string[] = [];
    for (const format of ['xml', 'html', 'rss', 'json', 'txt', 'xml-images', 'images', 'videos']) {
      const download = page.waitForEvent('download');
      await home.downloadButton(format).click();
      const file = await download;
      const target = path.join(saveDir, file.suggestedFilename());
      await file.saveAs(target);
      expect(fs.statSync(target).size, format).toBeGreaterThan(0);
      await home.expectToast('Download Started');
      if (XML_FAMILY.includes(format)) sitemapFiles.push(target);
    }
    // gzip applies to the four sitemap formats only.
    await home.gzipCheckbox.check();
    const gz = page.waitForEvent('download');
    await home.downloadButton('xml').click();
    const gzFile = await gz;
    expect(gzFile.suggestedFilename()).toMatch(/\.gz$/);
    const gzTarget = path.join(saveDir, gzFile.suggestedFilename());
    await gzFile.saveAs(gzTarget);
    sitemapFiles.push(gzTarget);
    // One run of the schema checker for every xml-family file (it exits non-zero on a failure).
    const report = execFileSync('bash', [CHECK_SITEMAP, ...sitemapFiles], { encoding: 'utf8' });
    for (const file of sitemapFiles) expect(report).toContain(`ok ${file} (`);
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
