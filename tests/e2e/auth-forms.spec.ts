import { ForgotPasswordPage, LoginPage, ResetPasswordPage, SignupPage } from './pages/auth-pages';
import { HomePage } from './pages/home-page';
import { newAccount, registerByApi, resetTokenByApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectInline } from './support/inline';

test('Generate Now while signed out shows Sign In Required and goes to /login', async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto();
  await home.generate('https://example.com');
  await home.expectToast(
    'Sign In Required',
    'Please create an account or sign in to generate sitemaps',
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('login checks username and password lengths under each field', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  // An empty form asks for the values (walkthrough defect 39), a short one states the rule.
  await login.signIn('', '');
  await login.expectFieldError('Username or e-mail', 'Enter your username or e-mail address');
  await login.expectFieldError('Password', 'Enter your password');
  await login.signIn('ab', '12345');
  await login.expectFieldError('Username or e-mail', 'Username must be at least 3 characters');
  await login.expectFieldError('Password', 'Password must be at least 6 characters');
  await expect(login.field('Password')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(login.field('Password')).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(login.field('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );
});

test('login with unknown credentials says so under the password', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('nobody-here', 'wrong-password');
  // Once, under the password (never saying which of the two was wrong): no toast repeating it.
  await expectInline(page, login.field('Password'), 'Invalid username or password');
  await expect(login.field('Username or e-mail')).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId('login-error')).toHaveCount(0);
  await expect(login.toast).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);
});

test('signup shows each rule of spec §5 under its field', async ({ page }) => {
  const signup = new SignupPage(page);
  await signup.goto();
  const base = { username: 'al', email: 'not-an-email', password: 'short' };
  await signup.register({ ...base, confirm: 'other' });
  await signup.expectFieldError('Username', 'Username must be at least 3 characters');
  await signup.expectFieldError('Email', 'Please enter a valid email address');
  await signup.expectFieldError('Password', 'Password must be at least 12 characters');
  await signup.expectFieldError('Confirm password', "Passwords don't match");
  // The form's own rules move the focus to the first refused field, marked invalid.
  await expectInline(page, signup.field('Username'), 'Username must be at least 3 characters');
  const cases: [string, string][] = [
    ['alllowercase1!', 'Password must contain at least one uppercase letter'],
    ['ALLUPPERCASE1!', 'Password must contain at least one lowercase letter'],
    ['NoNumbersHere!', 'Password must contain at least one number'],
    ['NoSpecials1234', 'Password must contain at least one special character'],
  ];
  for (const [password, message] of cases) {
    await signup.register({ username: 'alice', email: 'alice@example.com', password });
    await signup.expectFieldError('Password', message);
    await signup.expectFieldError('Confirm password', '');
  }
});

test('forgot password checks the address, then shows Email Sent and Send Another Email', async ({
  page,
}) => {
  const forgot = new ForgotPasswordPage(page);
  await forgot.goto();
  await forgot.request('nope');
  await expectInline(page, forgot.field('Email'), 'Enter a valid email');
  await forgot.request('nobody@example.com');
  await expect(page.getByRole('heading', { name: 'Email Sent' })).toBeVisible();
  await forgot.expectToast(
    'Check your email',
    'If your account exists, we emailed you a reset link.',
  );
  await page.getByRole('button', { name: 'Send Another Email' }).click();
  await expect(forgot.field('Email')).toHaveValue('');
});

test('reset password without a token is blocked; with one it checks every rule', async ({
  page,
  app,
}) => {
  const account = newAccount('rules');
  await registerByApi(page.request, account);
  const token = await resetTokenByApi(page.request, app.dataDir, account.email);
  const reset = new ResetPasswordPage(page);
  await reset.goto();
  await reset.expectToast('Invalid link', 'Reset token missing');
  await expect(reset.field('New Password')).toHaveCount(0);
  await reset.goto(token);
  const cases: [string, string][] = [
    ['Short1!', 'Password must be at least 12 characters'],
    ['nouppercase12!', 'At least one uppercase'],
    ['NOLOWERCASE12!', 'At least one lowercase'],
    ['NoNumbersHere!', 'At least one number'],
    ['NoSpecials1234', 'At least one special char'],
  ];
  for (const [password, message] of cases) {
    await reset.reset(password);
    await expectInline(page, reset.field('New Password'), message);
  }
  await reset.reset('Valid-Password-123', 'Different-Password-123');
  await reset.expectFieldError('Confirm Password', "Passwords don't match");
  // The link is used elsewhere after the page opened: the submit says so, with a way on.
  const used = await page.request.post('/api/reset-password', {
    data: { token, password: 'Other-Password-123' },
  });
  expect(used.ok()).toBe(true);
  await reset.reset('Valid-Password-123');
  await expect(reset.toast.locator('.toast-title')).toHaveText('Reset failed');
  const failure = page.getByTestId('reset-failure');
  await expect(failure).toContainText('This reset link is invalid, expired or already used.');
  await failure.getByRole('link', { name: 'Ask for a new reset link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('the dashboard sends signed-out visitors to /login', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('confirm-email without a token shows the Check Your Email panel', async ({ page }) => {
  await page.goto('/confirm-email');
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend confirmation email' })).toBeVisible();
});
