// Issue 29 point 3: a Pro user brands the client report on the dashboard. A colour too light
// and an SVG logo are refused under their fields; a name, colour and PNG logo are saved and the
// shared report carries them. At 1280 and 390 px.
import { solidPng } from '../../packages/app/src/testing/test-images';
import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

test('a Pro user brands the report: refusals inline, then the shared report carries the brand', async ({
  page,
  browser,
}, testInfo) => {
  await signInFreshUser(page, 'brand');
  await becomePro(page.request);
  await page.reload();
  const card = page.getByTestId('report-brand');
  await expect(card.getByRole('heading', { name: 'Client report brand' })).toBeVisible();

  await card.getByLabel('Agency name').fill('Northwind Digital');
  await card.getByLabel('Accent colour (#rrggbb)').fill('#ffff00');
  await card.getByRole('button', { name: 'Save brand' }).click();
  await expect(card.getByText(/too light to read on white/)).toBeVisible();
  await expect(card.getByLabel('Accent colour (#rrggbb)')).toBeFocused();

  await card.getByLabel('Accent colour (#rrggbb)').fill('#7a1f5c');
  await card.getByLabel(/^Logo/).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await card.getByRole('button', { name: 'Save brand' }).click();
  await expect(card.getByText(/must be a PNG, JPEG or WebP image/)).toBeVisible();
  await shoot(page, testInfo, 'brand-refused', card);

  await card.getByLabel(/^Logo/).setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: solidPng(160, 48, [122, 31, 92]),
  });
  await card.getByRole('button', { name: 'Save brand' }).click();
  await expect(card.getByRole('status')).toContainText('Saved');
  await shoot(page, testInfo, 'brand-saved', card);

  const site = await startFixtureSite({ pages: 3 });
  try {
    const jobId = await startCrawlByApi(page.request, site.url);
    await waitForCrawl(page.request, jobId);
    const made = await page.request.post(`/api/crawl/${jobId}/shares`, { data: {} });
    const { path } = (await made.json()) as { path: string };
    const client = await browser.newContext();
    const reader = await client.newPage();
    await reader.goto(path);
    await expect(reader.getByText('Prepared by Northwind Digital')).toBeVisible();
    await expect(reader.getByRole('img', { name: 'Northwind Digital logo' })).toBeVisible();
    await shoot(reader, testInfo, 'brand-report', reader.locator('main'));
    await client.close();
  } finally {
    await site.close();
  }
});
