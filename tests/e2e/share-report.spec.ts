// Issue 29 point 3: a crawl's report shared with a client. The Share panel makes a link with an
// expiry, the link opens signed out in a fresh context (noindex), the PDF downloads and its pages
// become PNGs (pdftoppm); once revoked the link answers the one "not valid" page. At 1280 and 390 px.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

test('a report is shared, opened signed out, downloaded as PDF, revoked, then refused', async ({
  page,
  browser,
}, testInfo) => {
  await signInFreshUser(page, 'share');
  const site = await startFixtureSite({ pages: 5 });
  try {
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    await page.goto(`/crawls/${jobId}`);
    const panel = page.getByTestId('share-panel');
    await expect(panel.getByText('No share links of this crawl yet.')).toBeVisible();
    await panel.getByLabel('Link expires').selectOption({ label: 'In 7 days' });
    await panel.getByRole('button', { name: 'Create share link' }).click();
    const shown = panel.getByTestId('share-url');
    await expect(shown).toHaveText(/\/r\/[A-Za-z0-9_-]{43}$/);
    const url = (await shown.textContent()) ?? '';
    await expect(panel.getByTestId('share-list')).toContainText('expires');
    await shoot(page, testInfo, 'share-panel', panel);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByTestId('share-pdf').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^report-.*\.pdf$/);
    const pdf = testInfo.outputPath('report.pdf');
    await download.saveAs(pdf);
    expect(fs.readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    execFileSync('pdftoppm', ['-png', '-r', '60', pdf, testInfo.outputPath('report-page')]);
    expect(
      fs.readdirSync(testInfo.outputDir).filter((f) => f.endsWith('.png')).length,
    ).toBeGreaterThan(2);

    // The client: no account, a fresh browser context.
    const client = await browser.newContext();
    const reader = await client.newPage();
    const opened = await reader.goto(url);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await expect(reader.locator('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex,nofollow',
    );
    await expect(reader.getByRole('heading', { name: /SEO and sitemap report/ })).toBeVisible();
    await expect(reader.getByRole('heading', { name: 'SEO health' })).toBeVisible();
    await expect(reader.getByText('Prepared by Mapsmith')).toBeVisible();
    await shoot(reader, testInfo, 'share-page', reader.locator('main'));

    await panel.getByRole('button', { name: /^Revoke/ }).click();
    await expect(panel.getByTestId('share-list')).toContainText('revoked');
    const refused = await reader.goto(url);
    expect(refused?.status()).toBe(404);
    await expect(
      reader.getByRole('heading', { name: 'This report link is not valid' }),
    ).toBeVisible();
    await shoot(reader, testInfo, 'share-refused', reader.locator('h1'));
    await client.close();
  } finally {
    await site.close();
  }
});
