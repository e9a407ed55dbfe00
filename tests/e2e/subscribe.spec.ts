import { AppPage } from './pages/app-page';
import { expect, PAYPAL_CREDENTIALS, test } from './support/services';
import { signInFreshUser } from './support/session';

test('subscribe with PayPal: order, capture, Pro granted, redirect to the dashboard after 2 s', async ({
  page,
  paypal,
  paypalSdk,
}) => {
  // The stand-in is shared by the worker's tests (others buy Pro too): count only this test's orders.
  const ordersBefore = paypal.orders.size;
  await signInFreshUser(page, 'payer');
  await page.goto('/subscribe');
  await expect(page.getByRole('heading', { name: 'Upgrade to Pro' })).toBeVisible();
  await expect(page.getByTestId('billing-summary')).toHaveText(
    '$3 for one month of Pro, no automatic renewal, nothing to cancel.',
  );
  await expect(page.locator('main')).not.toContainText(
    /billed monthly|cancel (any time|at PayPal)/i,
  );
  await expect(page.locator('.payment-card a[href="/terms"]')).toBeVisible();
  await expect(page.locator('.payment-card a[href="/privacy"]')).toBeVisible();
  const button = page.getByRole('button', { name: 'PayPal Pay' });
  await expect(button).toBeVisible();
  const sdkUrl = new URL(paypalSdk.requested.at(-1) ?? '');
  expect(sdkUrl.searchParams.get('client-id')).toBe(PAYPAL_CREDENTIALS.clientId);
  expect(sdkUrl.searchParams.get('intent')).toBe('capture');
  expect(sdkUrl.searchParams.get('vault')).toBe('false');
  expect(JSON.parse((await button.getAttribute('data-style')) ?? '{}')).toEqual({
    layout: 'vertical',
    color: 'gold',
    shape: 'rect',
    label: 'pay',
  });

  // Timed from before the click: the 2 s redirect delay starts after it, never before.
  const clickedAt = Date.now();
  await button.click();
  const screen = new AppPage(page);
  await expect(screen.toast.locator('.toast-title')).toHaveText('Success!');
  await expect(screen.toast.locator('.toast-text')).toHaveText(
    /^You have Pro until \w+ \d{1,2}, \d{4}\. Redirecting to dashboard\.\.\.$/,
  );
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
  expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(1950);
  const orders = [...paypal.orders.values()].slice(ordersBefore);
  expect(orders.map((o) => o.status)).toEqual(['COMPLETED']);
  await expect(page.locator('.dashboard-head .badge-pro')).toHaveText('Pro');
  // One month from today, shown as the date Pro ends, with a way to add a month.
  const until = new Date();
  until.setUTCMonth(until.getUTCMonth() + 1);
  const month = until.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' });
  await expect(page.getByTestId('pro-until')).toContainText(`Pro until ${month}`);
  await expect(
    page.getByTestId('pro-until').getByRole('link', { name: 'Add a month' }),
  ).toBeVisible();
  await expect(screen.nav.getByText('Pro User')).toBeVisible();
  await expect(page.getByText('Unlimited pages with Pro.')).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Upgrade to Pro' })).toHaveCount(0);
});

test('a declined capture shows Payment Error and grants nothing', async ({ page, paypal }) => {
  await signInFreshUser(page, 'declined');
  paypal.setCaptureBehaviour('declined');
  try {
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'PayPal Pay' }).click();
    const screen = new AppPage(page);
    await expect(screen.toast.locator('.toast-title')).toHaveText('Payment Error');
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(screen.nav.getByText('Pro User')).toHaveCount(0);
  } finally {
    paypal.setCaptureBehaviour('complete');
  }
});

test('a pending capture says so, not as an error, and grants nothing yet', async ({
  page,
  paypal,
}) => {
  await signInFreshUser(page, 'pending');
  paypal.setCaptureBehaviour('pending');
  try {
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'PayPal Pay' }).click();
    const screen = new AppPage(page);
    await screen.expectToast('Payment Pending', /Pro starts as soon as PayPal completes it/);
    await expect(screen.toast).toHaveClass(/toast-info/);
    await page.waitForTimeout(2500);
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(screen.nav.getByText('Pro User')).toHaveCount(0);
  } finally {
    paypal.setCaptureBehaviour('complete');
  }
});

test('a pending payment is shown on /subscribe and the dashboard, and no second one is offered', async ({
  page,
  paypal,
}, testInfo) => {
  await signInFreshUser(page, 'pending2');
  paypal.setCaptureBehaviour('pending');
  const notice = page.getByTestId('payment-pending');
  const today = new Date().toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const said = `A $3 payment from ${today} is pending at PayPal; Pro starts when it clears.`;
  try {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/subscribe');
    await page.getByRole('button', { name: 'PayPal Pay' }).click();
    // Right after the capture answered PENDING, without a reload: the button gives way.
    await expect(notice).toContainText(said);
    await expect(notice).toContainText('No second payment is taken meanwhile.');
    await expect(page.getByRole('button', { name: 'PayPal Pay' })).toHaveCount(0);
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/subscribe');
      await expect(notice).toContainText(said);
      await expect(page.getByTestId('paypal-buttons')).toHaveCount(0);
      await notice.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`subscribe-pending-${width}.png`) });
      await page.goto('/dashboard');
      await expect(notice).toContainText(said);
      await expect(
        page.locator('.dashboard-head').getByRole('link', { name: 'Upgrade to Pro' }),
      ).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`dashboard-pending-${width}.png`) });
    }
  } finally {
    paypal.setCaptureBehaviour('complete');
  }
});
