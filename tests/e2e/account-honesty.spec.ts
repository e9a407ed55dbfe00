import { AppPage } from './pages/app-page';
import { SignupPage } from './pages/auth-pages';
import { newAccount } from './support/accounts';
import { expect, test } from './support/fixtures';
import { signInFreshUser } from './support/session';

test('a failed reset shows the reason and a link to ask for a new one', async ({ page }) => {
  await page.goto(`/reset-password?token=${'z'.repeat(43)}`);
  await page.getByLabel('New Password', { exact: true }).fill('New-Password-2024!');
  await page.getByLabel('Confirm Password', { exact: true }).fill('New-Password-2024!');
  await page.getByRole('button', { name: 'Update Password' }).click();
  const failure = page.getByTestId('reset-failure');
  await expect(failure).toContainText('This reset link is invalid, expired or already used.');
  await failure.getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('resend while signed out links to sign-in', async ({ page }) => {
  await page.goto('/confirm-email');
  await page.getByRole('button', { name: 'Resend confirmation email' }).click();
  const note = page.getByTestId('resend-signed-out');
  await expect(note).toContainText('Sign in first');
  await note.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login$/);
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
