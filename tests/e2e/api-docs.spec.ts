import type { OpenApiDocument } from '@mapsmith/core/browser';
import { expect, test } from './support/fixtures';

/** The API reference page, rendered from the document the server serves at /api/openapi.json. */

test('api-docs shows the spec’s four tiles and a card for every operation of the document', async ({
  page,
}) => {
  const doc = (await (await page.request.get('/api/openapi.json')).json()) as OpenApiDocument;
  const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
  await page.goto('/api-docs');
  for (const tile of ['REST API', 'API key authentication', '100 requests per hour', 'Pro only']) {
    await expect(page.getByRole('heading', { name: tile, exact: true })).toBeVisible();
  }
  await expect(page.locator('details.api-operation')).toHaveCount(operations.length);
  for (const op of operations) {
    await expect(page.locator(`details[id="${op.operationId}"] summary`)).toContainText(op.summary);
  }
  await expect(page.getByRole('link', { name: '/api/openapi.json' }).first()).toBeVisible();
  await expect(page.locator('main')).toContainText('X-RateLimit-Remaining');
  await expect(page.locator('main')).not.toContainText(/coming soon/i);

  await page.getByRole('link', { name: 'GET /api/crawl/{jobId}' }).click();
  await expect(page.locator('details[id="crawl.get"]')).toHaveAttribute('open', '');
  await page.goto('/api-docs#export.generate');
  await expect(page.locator('details[id="export.generate"]')).toHaveAttribute('open', '');
});

test('an operation card gives its body, answer, rate-limit headers, error codes and curl line', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/api-docs');
  const start = page.locator('details[id="crawl.start"]');
  await start.locator('summary').click();
  await expect(start.getByRole('table', { name: 'Body fields (JSON)' })).toContainText('url');
  await expect(start).toContainText('201');
  await expect(start.getByRole('list', { name: 'Headers of the 201 answer' })).toContainText(
    'X-RateLimit-Limit',
  );
  const errors = start.getByRole('table', { name: 'Errors' });
  await expect(errors.getByRole('row', { name: /^429/ })).toContainText('limit.hourly');
  await expect(errors.getByRole('row', { name: /^429/ })).toContainText('Retry-After');
  await expect(errors.getByRole('row', { name: /^401/ })).toContainText('auth.token-invalid');
  const origin = new URL(page.url()).origin;
  await expect(start.locator('figure code')).toHaveText(
    `curl -X POST -H "Authorization: Bearer $MAPSMITH_TOKEN" -H "Content-Type: application/json" -d '{"url":"https://example.com/"}' '${origin}/api/crawl'`,
  );

  const urls = page.locator('details[id="crawl.urls"]');
  await urls.locator('summary').click();
  const parameters = urls.getByRole('table', { name: 'Parameters' });
  await expect(parameters.getByRole('row', { name: /^limit/ }).getByRole('cell')).toHaveText([
    'limit',
    'query',
    'integer, 1 to 500',
    'no',
    'Rows per page; 100 by default.',
  ]);
  await expect(parameters.getByRole('row', { name: /^jobId/ })).toContainText('path');
  const download = page.locator('details[id="export.generate"]');
  await download.locator('summary').click();
  await expect(download).toContainText('A file: application/xml');
  await expect(download.locator('figure code')).toContainText('-OJ');
  await page.screenshot({ path: testInfo.outputPath('api-docs-1280.png'), fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await start.scrollIntoViewIfNeeded();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(overflow).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('api-docs-390.png'), fullPage: true });
});
