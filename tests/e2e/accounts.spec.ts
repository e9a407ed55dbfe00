import { AppPage } from './pages/app-page';
import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from './pages/auth-pages';
import { newAccount, registerByApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectInline } from './support/inline';
import { tokenFromOutbox } from './support/outbox';

test('sign up (no session: a taken address must answer the same), confirm from the outbox, sign in, and land on the dashboard', async ({
  page,
  app,
}) => {
  const account = newAccount('signup');
  const signup = new SignupPage(page);
  await signup.goto();
  await signup.register(account);
  await signup.expectToast('Check your email!', /check your email/i);
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  // Signed out after sign-up: resending goes to the address just registered (issue 26).
  const first = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email');
  const resend = page.getByTestId('resend-confirmation');
  await expect(resend.getByLabel('Your e-mail address')).toHaveValue(account.email);
  await resend.getByRole('button', { name: 'Resend confirmation email' }).click();
  await expect(resend.getByRole('status')).toContainText('we sent it a new confirmation e-mail');
  const token = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email', 10_000, first);
  await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
  await expect(page.getByText('Email verified successfully. You can now log in.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toBeVisible();

  // Opening the link again (a second click, a mail scanner) says it is already confirmed.
  await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
  await expect(page.getByRole('heading', { name: 'Email already confirmed' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Verification failed' })).toHaveCount(0);

  const screen = new AppPage(page);
  await expect(screen.nav.getByRole('link', { name: 'Sign In' })).toBeVisible();

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account.username, account.password);
  await login.expectToast('Welcome back!', 'You have been successfully logged in.');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(
    page.getByRole('heading', { name: `Welcome back, ${account.username}` }),
  ).toBeVisible();
  await expect(page).toHaveTitle('Dashboard | Mapsmith');
  expect(await screen.canonical()).toBe(`${app.url}/dashboard`);
  await expect(
    page.locator('main').getByRole('link', { name: 'Upgrade to Pro' }).first(),
  ).toHaveAttribute('href', '/subscribe');
  for (const label of ['Total Crawls', 'Pages Crawled', 'Success Rate', 'Avg. Crawl Time']) {
    await expect(page.locator('.stat-card').filter({ hasText: label })).toBeVisible();
  }
  await expect(page.getByTestId('usage-card')).toContainText('0 of 500 pages used this month');
  await expect(page.getByText('No crawls yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Generate Your First Sitemap' })).toHaveAttribute(
    'href',
    '/',
  );
  // Pro's quick actions show with the Pro label and the way to get them, never "Coming Soon".
  for (const action of ['Bulk Crawl', 'API Tokens'])
    await expect(page.getByRole('link', { name: `Upgrade to Pro for ${action}` })).toBeVisible();
  // Walkthrough defect 41: no made-up "0s" with no crawl, and Scheduled Crawls offered once.
  await expect(page.locator('.stat-card').filter({ hasText: 'Avg. Crawl Time' })).toContainText(
    '–',
  );
  await expect(page.locator('.stat-card').filter({ hasText: 'Pages Crawled' })).not.toContainText(
    'discovered',
  );
  await expect(page.locator('main').getByText(/Scheduled Crawls/)).toHaveCount(1);
  await expect(page.getByText('Coming Soon')).toHaveCount(0);

  // Signed in, /login goes to the dashboard and /signup to /confirm-email (spec §4).
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/confirm-email$/);
  await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();

  await screen.nav.getByRole('button', { name: 'Logout' }).click();
  await screen.expectToast('Logged out successfully');
  await expect(screen.nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('a signed-in user who opens the confirmation link is sent on to the dashboard, not asked to log in', async ({
  page,
  app,
}) => {
  const account = newAccount('confirmin');
  await registerByApi(page.request, account);
  const token = await tokenFromOutbox(app.dataDir, account.email, '/confirm-email');
  await page.goto(`/confirm-email?token=${encodeURIComponent(token)}`);
  // Walkthrough defect 38: the header showed Dashboard and Logout beside "You can now log in".
  await expect(page.getByText('Email verified successfully. Your account is ready.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('forgot password mails a link; the new password works and the old one does not', async ({
  page,
  request,
  app,
}) => {
  const account = newAccount('reset');
  await registerByApi(request, account);
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await forgot.request(account.email);
  await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();

  const token = await tokenFromOutbox(app.dataDir, account.email, '/reset-password');
  const reset = new ResetPasswordPage(page);
  await reset.goto(token);
  const newPassword = `${account.password}-New`;
  await reset.reset(newPassword);
  await reset.expectToast('Password updated', 'You can now sign in with your new password.');
  await expect(page).toHaveURL(/\/login$/);

  const login = new LoginPage(page);
  await login.signIn(account.username, account.password);
  await expectInline(page, login.field('Password'), 'Invalid username or password');
  await login.signIn(account.username, newPassword);
  await expect(page).toHaveURL(/\/dashboard$/);
});
