import { AppPage } from './pages/app-page';
import { SignupPage } from './pages/auth-pages';
import { newAccount, registerByApi, resetTokenByApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { tokenFromOutbox } from './support/outbox';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

test('a bad or used reset link says so as the page opens, with a way to ask for a new one', async ({
  page,
  app,
}, testInfo) => {
  const account = newAccount('relink');
  await registerByApi(page.request, account);
  const token = await resetTokenByApi(page.request, app.dataDir, account.email);
  // A live link shows the form; opening it spends nothing.
  await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
  await expect(page.getByLabel('New Password', { exact: true })).toBeVisible();
  await expect(page.getByTestId('reset-link-dead')).toHaveCount(0);
  const used = await page.request.post('/api/reset-password', {
    data: { token, password: 'New-Password-2024!' },
  });
  expect(used.ok()).toBe(true);
  for (const link of [token, 'z'.repeat(43), 'garbage']) {
    await page.goto(`/reset-password?token=${encodeURIComponent(link)}`);
    await expect(page.getByTestId('reset-link-dead')).toHaveText(
      'This reset link is invalid, expired or already used.',
    );
    await expect(page.getByLabel('New Password', { exact: true })).toHaveCount(0);
  }
  await shoot(page, testInfo, 'reset-link-dead', page.locator('main'));
  await page.getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('resend while signed out goes by the address typed, with one answer for any address', async ({
  page,
  app,
}, testInfo) => {
  const account = newAccount('resend');
  const api = await page.request.post('/api/register', { data: account });
  expect(api.status()).toBe(201);
  const first = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email');
  await page.goto('/confirm-email');
  const resend = page.getByTestId('resend-confirmation');
  const field = resend.getByLabel('Your e-mail address');
  await expect(field).toHaveValue('');
  await field.fill('nobody-here@example.com');
  await resend.getByRole('button', { name: 'Resend confirmation email' }).click();
  const answer = resend.getByRole('status');
  await expect(answer).toContainText('we sent it a new confirmation e-mail');
  const unknownAnswer = await answer.textContent();
  await field.fill(account.email);
  await resend.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(answer).toHaveText(unknownAnswer ?? '');
  const token = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email', 10_000, first);
  expect(token).not.toBe(first);
  await expect(page.getByText('Sign in first')).toHaveCount(0);
  await shoot(page, testInfo, 'confirm-resend', page.locator('main'));
});

test('an unconfirmed user is reminded on the dashboard and can resend from there', async ({
  page,
  app,
}, testInfo) => {
  const account = await signInFreshUser(page, 'remind');
  const first = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email');
  const reminder = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(reminder).toContainText(account.email);
  await reminder.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(reminder.getByRole('status')).toHaveText(
    'Confirmation email sent. Please check your inbox.',
  );
  await shoot(page, testInfo, 'dashboard-reminder', reminder);
  const token = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email', 10_000, first);
  await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.goto('/dashboard');
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${account.username}` }),
  ).toBeVisible();
  await expect(reminder).toHaveCount(0);
});

test('the sign-up form refuses usernames outside letters, digits and . _ -', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.register({ ...newAccount('x'), username: '<b>x</b>' });
  const rule =
    'Username may contain only the letters A-Z and a-z (no accents), digits, dots, underscores and hyphens (. _ -)';
  await expect(page.getByText(rule)).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
  // An accented letter is refused by a rule that says so (walkthrough defect 40).
  await signup.register({ ...newAccount('y'), username: 'ålice' });
  await expect(page.getByText(rule)).toBeVisible();
});

test('an account is deleted from the dashboard after a confirmation step', async ({ page }) => {
  const account = await signInFreshUser(page, 'leaver');
  const card = page.getByRole('region', { name: 'Delete account' });
  await card.getByRole('button', { name: 'Delete my account...' }).click();
  const form = page.getByTestId('delete-account-form');
  await form.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(form).toContainText('Enter your password to confirm');
  await form.getByLabel('Your password', { exact: true }).fill('Wrong-password-1!');
  await form.getByRole('button', { name: 'Delete account permanently' }).click();
  await expect(form.locator('.field-error')).toContainText('not correct');
  await form.getByLabel('Your password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Delete account permanently' }).click();
  await new AppPage(page).expectToast('Account deleted');
  await expect(page).toHaveURL(/\/$/);
  const login = await page.request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  expect(login.status()).toBe(401);
});
