import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HomePage } from './pages/home-page';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

/** Every page of this site was deployed at once: one Last-Modified date on all of them. */
const DEPLOYED = 'Thu, 26 Nov 2026 09:22:43 GMT';

async function startDeployedSite(): Promise<{ url: string; close(): Promise<void> }> {
  const paths = ['/', '/a', '/b', '/c'];
  const server = http.createServer((req, res) => {
    if (!paths.includes(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    const links = paths.map((p) => `<a href="${p}">${p}</a>`).join(' ');
    res.writeHead(200, { 'content-type': 'text/html', 'last-modified': DEPLOYED });
    res.end(
      `<!doctype html><html><head><title>Page ${req.url}</title></head><body>${links}</body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test('a uniform deploy date is left out of every format, and the results say why', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const site = await startDeployedSite();
  try {
    await signInFreshUser(page, 'lastmod');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    for (const format of ['xml', 'rss', 'json']) {
      const file = await page.request.get(`/api/generate/${jobId}/${format}`);
      expect(file.ok(), format).toBe(true);
      expect(await file.text(), format).not.toMatch(/2026-11-26|26 Nov 2026/);
    }
    await page.goto(`/crawls/${jobId}`);
    const note = page.getByTestId('crawl-results').getByTestId('lastmod-note');
    await expect(note).toHaveText(
      /^lastmod left out of every format: every page reported the same date/,
    );
    await shoot(page, testInfo, 'lastmod-note', page.locator('.downloads'));
  } finally {
    await site.close();
  }
});

test('the checker takes a wrong namespace for an error and counts a file alike uploaded or fetched', async ({
  page,
}, testInfo) => {
  const files = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const body = files.get(req.url ?? '');
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/xml' });
    res.end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The walkthrough's file: the old /0.8 namespace, a duplicate, another site's URL.
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.8">',
    `<url><loc>${origin}/ok.html</loc></url>`,
    `<url><loc>${origin}/ok.html</loc></url>`,
    '<url><loc>https://elsewhere.example/x.html</loc></url>',
    `<url><loc>${origin}/b.html</loc></url>`,
    '</urlset>',
  ].join('\n');
  files.set('/old.xml', body);
  try {
    const home = new HomePage(page);
    await home.goto('#checker');
    await home.uploadSitemap('old.xml', body);
    await home.expectToast('Issues found in your sitemap');
    const results = home.checkerResults;
    await expect(results.locator('.error-list')).toContainText(
      'Wrong sitemap namespace: http://www.sitemaps.org/schemas/sitemap/0.8',
    );
    await expect(results.getByTestId('valid-count')).toHaveText('2');
    const uploaded = {
      errors: await results.getByTestId('error-count').textContent(),
      warnings: await results.getByTestId('warning-count').textContent(),
    };
    expect(uploaded.errors).toBe('2');
    // The duplicate is reported once.
    await expect(results.locator('li', { hasText: `${origin}/ok.html` })).toHaveCount(1);
    await shoot(page, testInfo, 'checker-namespace', results);

    await home.sitemapUrlInput.fill(`${origin}/old.xml`);
    await home.validateButton.click();
    await expect(results).toContainText(`${origin}/old.xml`);
    await expect(results.getByTestId('valid-count')).toHaveText('2');
    await expect(results.getByTestId('error-count')).toHaveText(uploaded.errors ?? '');
    await expect(results.getByTestId('warning-count')).toHaveText(uploaded.warnings ?? '');
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});
