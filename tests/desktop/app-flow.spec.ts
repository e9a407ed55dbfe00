import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { LOCAL_USER_ID } from '../../packages/desktop/src/main/store/local-data';
import { HomePage } from '../e2e/pages/home-page';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { expect, test } from './support/renderer-fixture';

const CHECK_SITEMAP = path.resolve(import.meta.dirname, '../../scripts/check-sitemap.sh');
const XML_FAMILY = ['xml', 'xml-images', 'images', 'videos'];
const FORMATS = ['xml', 'html', 'rss', 'json', 'txt', 'xml-images', 'images', 'videos'];

type ProgressEvent = { jobId: string; status: string; pagesCrawled: number };
declare global {
  interface Window {
    __progress: ProgressEvent[];
  }
}

let site: FixtureSite;
test.beforeAll(async () => {
  site = await startFixtureSite({
    pages: 30,
    features: ['media', 'structured', 'sitemap'],
    latencyMs: 30,
  });
});
test.afterAll(() => site.close());

test('crawl from the home page: progress events, results, every export, SEO card, history', async ({
  page,
  desktop,
}) => {
  const saveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-desktop-dl-'));
  try {
    const home = new HomePage(page);
    await home.goto();
    // Subscribe through the preload bridge, as a desktop screen would.
    await page.evaluate(() => {
      window.__progress = [];
      (
        window as unknown as { mapsmith: { on(n: string, cb: (p: unknown) => void): void } }
      ).mapsmith.on('crawl.progress', (p) => window.__progress.push(p as ProgressEvent));
    });
    // No account needed on desktop: the crawl starts at once.
    await home.generate(site.url);
    await home.expectToast('Crawl Requested');
    await expect(home.results).toBeVisible({ timeout: 30_000 });

    const events = await page.evaluate(() => window.__progress);
    expect(events.length).toBeGreaterThan(1);
    expect(events.some((e) => e.status === 'crawling' && e.pagesCrawled > 0)).toBe(true);
    expect(events.at(-1)?.status).toBe('completed');
    const jobId = events.at(-1)?.jobId ?? '';
    const stored = await desktop.services.deps.data.answers.crawl(jobId, LOCAL_USER_ID);
    expect(stored.status).toBe('completed');

    const count = Number(await home.results.getByTestId('page-count').textContent());
    expect(count).toBe(stored.resultsTotal);
    expect(count).toBeGreaterThanOrEqual(25);
    await expect(home.results.locator('.preview-list li')).toHaveCount(10);
    await expect(home.seoCard.getByTestId('seo-score')).toHaveText(/^\d+$/);

    for (const format of FORMATS) {
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
    const txt = fs.readFileSync(path.join(saveDir, 'sitemap.txt'), 'utf8').trim().split('\n');
    expect(txt.sort()).toEqual(stored?.results.map((r) => r.url).sort());
    await home.gzipCheckbox.check();
    const gz = page.waitForEvent('download');
    await home.downloadButton('xml').click();
    const gzFile = await gz;
    expect(gzFile.suggestedFilename()).toBe('sitemap.xml.gz');
    const gzTarget = path.join(saveDir, 'sitemap.xml.gz');
    await gzFile.saveAs(gzTarget);
    expect(gunzipSync(fs.readFileSync(gzTarget)).toString()).toContain('<urlset');

    // Notification needs the hosted app; the desktop says so instead of pretending.
    await home.pingButton.click();
    await expect(page.getByText(/runs on mapsmith\.app/).first()).toBeVisible();

    await page.goto('/dashboard');
    const recent = page.getByTestId('recent-crawls');
    await expect(recent).toContainText(site.url.replace(/\/$/, ''));
    await expect(recent.locator('.status-completed')).toHaveText('Completed');
  } finally {
    fs.rmSync(saveDir, { recursive: true, force: true });
  }
});

test('the checker validates a local file and a sitemap URL fetched through the guard', async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap(
    'sitemap.xml',
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url><url><loc>https://example.com/a</loc></url></urlset>\n',
  );
  await home.expectToast('Your sitemap is valid!');
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('2');

  await home.sitemapUrlInput.fill(`${site.origin}/sitemaps/a.xml`);
  await home.validateButton.click();
  await expect(home.checkerResults).toContainText(`${site.origin}/sitemaps/a.xml`);
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText(/^[1-9]\d*$/);

  // An HTML page is not a sitemap: the desktop's fetch refuses it with the hosted wording.
  await home.sitemapUrlInput.fill(site.url);
  await home.validateButton.click();
  await expect(home.checkerResults).toContainText('HTML page');
});
