import { expect, test } from './support/fixtures';

test('the home page has its title, the URL input and the Generate Now button', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Free XML Sitemap Generator/);
  await expect(page).toHaveTitle(/100 Pages Free/);
  const input = page.getByLabel('Website URL');
  await expect(input).toBeVisible();
  await expect(input).toHaveAttribute('type', 'url');
  await expect(page.getByRole('button', { name: 'Generate Now' })).toBeVisible();
});

test('an unknown path shows the 404 screen with status 404', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle('404 Page Not Found');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

test('the health endpoint answers JSON', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({
    status: 'ok',
    database: { kind: 'sqlite', reachable: true },
  });
});
