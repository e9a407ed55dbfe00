import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** Makes the signed-in user Pro the real way: an order captured at the PayPal stand-in. */
async function becomePro(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/paypal/create-order', { data: {} });
  expect(order.ok(), await order.text()).toBe(true);
  const { orderID } = (await order.json()) as { orderID: string };
  const capture = await request.post('/api/paypal/capture-order', { data: { orderID } });
  expect(capture.ok(), await capture.text()).toBe(true);
}

test('a Pro user creates an API token on the dashboard, sees it once, and revokes it', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await signInFreshUser(page, 'tokens');
  await expect(page.getByRole('button', { name: /API Tokens/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Upgrade to Pro for API Tokens' })).toBeVisible();
  await expect(
    page.getByTestId('schedules-card').getByRole('link', { name: 'Upgrade to Pro' }),
  ).toBeVisible();

  await becomePro(page.request);
  await page.reload();
  await page.getByRole('button', { name: 'API Tokens' }).click();
  const card = page.getByTestId('api-tokens');
  await expect(card.getByRole('heading', { name: 'API tokens' })).toBeVisible();
  await expect(card.getByText('No API tokens yet.')).toBeVisible();

  await card.getByLabel('Token name').fill('Desktop app');
  await card.getByRole('button', { name: 'Create token' }).click();
  const shown = card.getByTestId('new-token');
  await expect(shown).toHaveText(/^msk_[A-Za-z0-9_-]{43}$/);
  const token = (await shown.textContent()) ?? '';
  await expect(card).toContainText('it will not be shown again');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await card.getByRole('button', { name: 'Copy' }).click();
  await expect(card.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await expect(card.getByTestId('token-list')).toContainText('Desktop app');

  // The token works as a bearer credential, without any cookie.
  const bearer = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}` },
  });
  const me = await bearer.get('/api/user');
  expect(me.status()).toBe(200);
  expect(me.headers()['x-ratelimit-limit']).toBe('100');

  // Shown once: after a reload only its name is listed.
  await page.reload();
  await page.getByRole('button', { name: 'API Tokens' }).click();
  await expect(card.getByTestId('token-list')).toContainText('Desktop app');
  await expect(card.getByTestId('new-token')).toHaveCount(0);
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(card.getByTestId('token-list')).toContainText(/last used \w/);

  await card.getByRole('button', { name: 'Revoke Desktop app' }).click();
  await expect(card.getByText('No API tokens yet.')).toBeVisible();
  expect((await bearer.get('/api/user')).status()).toBe(401);
  await bearer.dispose();
});
