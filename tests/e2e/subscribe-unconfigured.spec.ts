import { expect, test } from './support/fixtures';
import { signInFreshUser } from './support/session';

test('without a PayPal client id the subscribe page says payment is not configured', async ({
  page,
}) => {
  await signInFreshUser(page, 'nopay');
  await page.goto('/subscribe');
  await expect(page.getByText('Payment processing is not configured yet.')).toBeVisible();
  await expect(page.locator('.payment-card a[href^="mailto:"]')).toBeVisible();
});

test('signed out, the subscribe page asks to sign in first', async ({ page }) => {
  await page.goto('/subscribe');
  await expect(
    page.locator('.payment-card').getByRole('link', { name: 'Sign In' }),
  ).toHaveAttribute('href', '/login');
});
