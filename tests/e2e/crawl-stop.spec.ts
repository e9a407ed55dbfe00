import type { Locator, Page, TestInfo } from '@playwright/test';
import { type FixtureSite, startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Screenshots of `focus` at the two widths every touched screen is looked at. */
async function shoot(page: Page, testInfo: TestInfo, name: string, focus: Locator): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await focus.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

// Sites too large and slow to finish during a test: only Stop ends their crawls.
let slow: FixtureSite[] = [];
test.beforeAll(async () => {
  slow = await Promise.all([0, 1, 2].map(() => startFixtureSite({ pages: 3000, latencyMs: 150 })));
});
test.afterAll(async () => {
  await Promise.all(slow.map((s) => s.close()));
});

/** Signs a fresh user in as Pro (no page cap stops the crawl first). */
async function proUser(page: Page, prefix: string): Promise<void> {
  await signInFreshUser(page, prefix);
  await becomePro(page.request);
  await page.reload();
}

test('Pause, Resume and Stop a crawl on its progress panel; the sitemap holds the pages crawled', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const site = slow[0] as FixtureSite;
  await proUser(page, 'stopper');
  const home = new HomePage(page);
  await home.goto();
  await home.generate(site.url);
  await page.waitForURL(/\/\?job=[\w-]+$/);
  const jobId = new URL(page.url()).searchParams.get('job') ?? '';
  const panel = home.progress;
  const title = panel.getByTestId('progress-title');
  await expect(title).toHaveText('Crawling your site...', { timeout: 30_000 });
  await expect
    .poll(async () => Number(await panel.getByTestId('pages-found').textContent()))
    .toBeGreaterThan(3);
  await shoot(page, testInfo, 'crawl-running', panel);

  // Pause: no confirmation; the panel says it is paused and offers Resume.
  await panel.getByRole('button', { name: 'Pause' }).click();
  await expect(title).toHaveText('Paused', { timeout: 10_000 });
  await expect(panel.getByRole('button', { name: 'Resume' })).toBeVisible();
  await shoot(page, testInfo, 'crawl-paused', panel);
  const pausedAt = Number(await panel.getByTestId('pages-found').textContent());
  const crawled = async () =>
    ((await (await page.request.get(`/api/crawl/${jobId}`)).json()) as { pagesCrawled: number })
      .pagesCrawled;
  const pausedPages = await crawled();
  await panel.getByRole('button', { name: 'Resume' }).click();
  await expect(title).toHaveText('Crawling your site...', { timeout: 10_000 });
  await expect
    .poll(async () => Number(await panel.getByTestId('pages-found').textContent()), {
      timeout: 20_000,
    })
    .toBeGreaterThan(pausedAt);

  // Stop asks first; the crawl then ends with what it stored.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.accept();
  });
  await panel.getByRole('button', { name: 'Stop' }).click();
  expect(asked).toContain('Stop this crawl?');
  const end = home.results.getByTestId('crawl-end');
  await expect(end).toHaveText(/^Stopped by you after [\d,]+ pages/, { timeout: 15_000 });
  await shoot(page, testInfo, 'crawl-stopped', home.results);
  const stoppedAfter = Number(
    (/after ([\d,]+) pages/.exec((await end.textContent()) ?? '')?.[1] ?? '0').replace(/,/g, ''),
  );
  // It carried on after the resume, and the sentence counts the pages the crawl stored.
  expect(stoppedAfter).toBeGreaterThan(pausedPages);
  expect(await crawled()).toBe(stoppedAfter);

  // The sitemap is built from what was crawled: every page stored, listed once.
  const xml = await (await page.request.get(`/api/generate/${jobId}/xml`)).text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  expect(locs.length).toBe(stoppedAfter);
  expect(new Set(locs).size).toBe(locs.length);
  expect(locs.every((loc) => loc.startsWith(site.origin))).toBe(true);
});

test('Stop the list on the bulk page stops every crawl of it not yet finished', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await proUser(page, 'bulkstop');
  await page.goto('/bulk');
  await page.getByLabel(/Sites, one a line/).fill(`${slow[1]?.url}\n${slow[2]?.url}`);
  await page.getByRole('button', { name: 'Crawl these sites' }).click();
  await expect(page).toHaveURL(/\/bulk\/[\w-]+$/);
  const stop = page.getByTestId('bulk-stop');
  await expect(stop).toBeVisible();
  await expect(page.getByTestId('bulk-sites')).toContainText('Crawling', { timeout: 20_000 });
  await shoot(page, testInfo, 'bulk-running', page.locator('.bulk-summary'));
  page.once('dialog', (dialog) => void dialog.accept());
  await stop.click();
  await expect(page.getByTestId('bulk-progress')).toContainText('All 2 sites done: 2 completed', {
    timeout: 20_000,
  });
  await expect(stop).toHaveCount(0);
  await shoot(page, testInfo, 'bulk-stopped', page.locator('.bulk-summary'));
});

test('Stop on an audit ends it with the URLs checked so far', async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await proUser(page, 'auditstop');
  const site = slow[0] as FixtureSite;
  const locs = Array.from(
    { length: 1500 },
    (_, i) => `<url><loc>${site.origin}/p/${i}</loc></url>`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${locs.join('\n')}\n</urlset>\n`;
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap('slow.xml', xml);
  const panel = page.getByTestId('audit-panel');
  await panel.getByRole('button', { name: 'Check every URL live' }).click();
  const summary = panel.getByTestId('audit-summary');
  await expect(summary).toHaveText(/^[1-9][\d,]* of 1,500 URLs checked\.\.\./, { timeout: 30_000 });
  page.once('dialog', (dialog) => void dialog.accept());
  await panel.getByTestId('audit-stop').click();
  await expect(panel).toContainText(/Stopped by you after [\d,]+ URLs checked/, {
    timeout: 15_000,
  });
  await expect(summary).not.toContainText('...');
  await expect(panel.getByTestId('audit-stop')).toHaveCount(0);
  await shoot(page, testInfo, 'audit-stopped', panel);
});
