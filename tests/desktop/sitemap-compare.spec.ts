// The live sitemap against a crawl in the desktop app (issue 27 point 5): the built renderer and
// real preload in Chromium over the real IPC handlers; the comparison runs in main. The card
// before a comparison (empty), with findings and an unreadable child sitemap, a site with no
// sitemap at all (nothing readable), a second comparison refused while one runs, a capped
// reading (more files than the bound), and the free plan, at 1280 and 390 px. A comparison the
// app was closed in the middle of reads again at the next start (the engine's queue in the data
// file) and its findings and state still show after another restart.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { startFixtureSite } from '../fixtures/site/index';
import { type HostedServer, startHostedServer } from './support/hosted-stub';
import { type DesktopFixture, expect, test } from './support/renderer-fixture';

const PRO_TOKEN = 'msk_pro_compare_e2e_0123456789';
const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

let hosted: HostedServer;
test.beforeAll(async () => {
  hosted = await startHostedServer({
    [PRO_TOKEN]: { username: 'agency', isPro: true, proUntil: '2099-01-01T00:00:00.000Z' },
  });
});
test.afterAll(() => hosted.close());

/** Screenshots of the card at desktop and phone widths (looked at by hand). */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByTestId('sitemap-compare').screenshot({
      path: test.info().outputPath(`desktop-${name}-${width}.png`),
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function call<T>(desktop: DesktopFixture, name: string, input: unknown): Promise<T> {
  const reply = await desktop.services.dispatch(desktop.origin, name as never, input);
  if (!reply.ok) throw new Error(`${name}: ${JSON.stringify(reply.body)}`);
  return reply.value as T;
}

/** Links the Pro account, crawls `url` to its end and opens the crawl's page. */
async function crawled(page: Page, desktop: DesktopFixture, url: string, pro = true) {
  if (pro) {
    desktop.services.deps.hostedUrl = hosted.url;
    await call(desktop, 'account.link', { token: PRO_TOKEN });
  }
  const { jobId } = await call<{ jobId: string }>(desktop, 'crawl.start', {
    url,
    ...(pro ? { settings: { render: 'never' } } : {}),
  });
  await desktop.services.deps.crawls.settled(jobId);
  await page.goto(`/crawls/${jobId}`);
  return page.getByTestId('sitemap-compare');
}

test('a linked Pro account compares the live sitemap with a crawl; findings, filter and CSV', async ({
  page,
  desktop,
}) => {
  test.setTimeout(90_000);
  const site = await startFixtureSite({
    pages: 10,
    robots: 'allow-all',
    features: ['sitemap', 'noindex'],
  });
  try {
    const card = await crawled(page, desktop, site.url);
    const start = card.getByRole('button', { name: 'Compare with the live sitemap' });
    await expect(start).toBeVisible();
    await expect(card).toContainText("Reads the site's own sitemaps now");
    await shots(page, 'compare-empty');

    await start.click();
    const orphans = card.getByRole('button', { name: /\d+ in sitemap, never linked/ });
    await expect(orphans).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Compare again' })).toBeVisible();
    // The index's missing child is said plainly, beside the findings.
    await expect(card).toContainText(`${site.origin}/sitemaps/missing.xml`);
    await shots(page, 'compare-findings');
    await orphans.click();
    const table = card.getByTestId('sitemap-findings');
    await expect(table.locator('tbody tr')).toHaveCount(4);
    await expect(table.locator('tbody')).toContainText(`${site.origin}/orphan/4`);

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: /Download CSV/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('sitemap-vs-crawl-127.0.0.1.csv');
    const text = fs.readFileSync((await file.path()) ?? '', 'utf8');
    expect(text.startsWith('\uFEFFURL,Sitemap findings,Finding codes')).toBe(true);
    // The current filter: the header and one line per orphan.
    expect(text.trim().split('\r\n')).toHaveLength(5);
  } finally {
    await site.close();
  }
});

test('a comparison interrupted by closing the app resumes at the next start; it still shows after another', async ({
  page,
  desktop,
}) => {
  test.setTimeout(120_000);
  // Every answer of this site takes a second, so the app closes while its sitemaps are read,
  // and the reading after the start is still under way when it is photographed.
  const slow = await startFixtureSite({
    pages: 4,
    robots: 'allow-all',
    features: ['sitemap'],
    latencyMs: 1000,
  });
  /** The app's next start, the hosted account service told again (a test's own setting). */
  const restart = async () => {
    await desktop.restart();
    desktop.services.deps.hostedUrl = hosted.url;
    await page.reload();
  };
  try {
    const card = await crawled(page, desktop, slow.url);
    await card.getByRole('button', { name: 'Compare with the live sitemap' }).click();
    const state = card.getByTestId('sitemap-compare-state');
    await expect(state).toHaveText(/^Comparing: reading the live sitemaps/, { timeout: 30_000 });
    await restart();
    // Read again after the start, not lost: the card says so until the findings come.
    await expect(state).toHaveText(/^(Comparing: reading|Waiting for a free worker)/);
    await shots(page, 'compare-resumed');
    const orphans = card.getByRole('button', { name: /\d+ in sitemap, never linked/ });
    await expect(orphans).toBeVisible({ timeout: 30_000 });
    await expect(card.getByRole('button', { name: 'Compare again' })).toBeVisible();
    const summary = await card.getByTestId('sitemap-compare-summary').textContent();
    await restart();
    await expect(card.getByRole('button', { name: 'Compare again' })).toBeVisible();
    await expect(card.getByTestId('sitemap-compare-summary')).toHaveText(summary ?? '');
    await expect(state).toHaveText('');
    await shots(page, 'compare-after-restart');
  } finally {
    await slow.close();
  }
});

test('a site without a sitemap: nothing readable, said plainly, every crawled page missing from it', async ({
  page,
  desktop,
}) => {
  test.setTimeout(90_000);
  const site = await startFixtureSite({ pages: 4, robots: 'allow-all' });
  try {
    const card = await crawled(page, desktop, site.url);
    await card.getByRole('button', { name: 'Compare with the live sitemap' }).click();
    await expect(card.getByRole('button', { name: 'Compare again' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(card.getByTestId('sitemap-compare-summary')).toContainText(
      '0 URLs in 0 live sitemap files',
    );
    await expect(card).toContainText(`${site.origin}/sitemap.xml`);
    await expect(card.getByRole('button', { name: /\d+ missing from sitemap/ })).toBeVisible();
    await shots(page, 'compare-no-sitemap');
  } finally {
    await site.close();
  }
});

test('a second comparison while one runs is refused in plain words (409 sitemap-compare.busy)', async ({
  page,
  desktop,
}) => {
  test.setTimeout(90_000);
  // Every answer of this site takes 400 ms, so its comparison is still reading below.
  const slow = await startFixtureSite({
    pages: 3,
    robots: 'allow-all',
    features: ['sitemap'],
    latencyMs: 400,
  });
  const site = await startFixtureSite({ pages: 3, robots: 'allow-all' });
  try {
    await crawled(page, desktop, slow.url);
    const slowJob = page.url().split('/').at(-1);
    const card = await crawled(page, desktop, site.url);
    await call(desktop, 'crawl.sitemapCompare', { jobId: slowJob });
    await card.getByRole('button', { name: 'Compare with the live sitemap' }).click();
    const refusal = card.getByRole('alert');
    await expect(refusal).toContainText('Another live-sitemap comparison of yours is under way');
    await expect(refusal).toContainText(`crawl ${slowJob}`);
    await shots(page, 'compare-busy');
  } finally {
    await Promise.all([slow.close(), site.close()]);
  }
});

test('a reading capped at its bound of files says so', async ({ page, desktop }) => {
  test.setTimeout(90_000);
  // An index of 60 child sitemaps: more than the comparison's 50 files.
  const server = http.createServer((req, res) => {
    const o = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const p = new URL(req.url ?? '/', o).pathname;
    const xml = (body: string) => {
      res.writeHead(200, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0"?>${body}`);
    };
    if (p === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      return res.end(`User-agent: *\nAllow: /\nSitemap: ${o}/index.xml\n`);
    }
    if (p === '/index.xml')
      return xml(
        `<sitemapindex xmlns="${NS}">${Array.from({ length: 60 }, (_, i) => `<sitemap><loc>${o}/s${i}.xml</loc></sitemap>`).join('')}</sitemapindex>`,
      );
    const child = /^\/s(\d+)\.xml$/.exec(p);
    if (child) return xml(`<urlset xmlns="${NS}"><url><loc>${o}/p${child[1]}</loc></url></urlset>`);
    res.writeHead(p === '/' || /^\/p\d+$/.test(p) ? 200 : 404, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><html><head><title>${p}</title></head><body><a href="/p1">p1</a></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const card = await crawled(page, desktop, `${origin}/`);
    await card.getByRole('button', { name: 'Compare with the live sitemap' }).click();
    await expect(card.getByTestId('sitemap-compare-summary')).toContainText(
      'Reading stopped at its bound',
      { timeout: 30_000 },
    );
    await shots(page, 'compare-capped');
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('the free plan sees what the comparison adds and how to get it; the call is refused', async ({
  page,
  desktop,
}) => {
  test.setTimeout(90_000);
  const site = await startFixtureSite({ pages: 3, robots: 'allow-all' });
  try {
    const card = await crawled(page, desktop, site.url, false);
    await expect(card).toContainText('Link a Pro account with an API token');
    await expect(card.getByRole('button', { name: 'Compare with the live sitemap' })).toHaveCount(
      0,
    );
    await shots(page, 'compare-free');
    const jobId = page.url().split('/').at(-1);
    const refused = await desktop.services.dispatch(desktop.origin, 'crawl.sitemapCompare', {
      jobId,
    });
    expect(refused.ok ? null : refused.body).toMatchObject({ code: 'auth.pro-required' });
  } finally {
    await site.close();
  }
});
