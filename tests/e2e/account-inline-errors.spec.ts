// Issue 26 point 4 for the account forms: the server's refusals (a taken username, a failed
// sign-in, a refused new password) are shown under the field they name, with aria-invalid,
// aria-describedby and the focus there, not in a toast, and stay until the field is edited.
import { LoginPage, ResetPasswordPage, SignupPage } from './pages/auth-pages';
import { newAccount, registerByApi, resetTokenByApi } from './support/accounts';
import { expect, test } from './support/fixtures';
import { expectInline } from './support/inline';

// Accepted by the form's own rules (they set no upper length), refused by the server's.
const TOO_LONG = `Aa1!${'x'.repeat(260)}`;

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`the account forms show the server's refusals under the field, at ${width} px`, async ({
    page,
    request,
    app,
  }, testInfo) => {
    await page.setViewportSize({ width, height });
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`) });
    const account = newAccount(`inline${width}`);
    await registerByApi(request, account);

    // Sign-up with a taken username: under Username, no toast.
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.register({ ...account, email: `other-${account.email}` });
    await expectInline(page, signup.field('Username'), 'That username is already taken');
    await expect(signup.toast).toHaveCount(0);
    await expect(page).toHaveURL(/\/signup$/);
    await shot('signup-taken');
    await signup.field('Username').fill(`${account.username}x`);
    await expect(signup.field('Username')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(signup.fieldError('Username')).toHaveText('');

    // A failed sign-in: under the password (the same for an unknown name), no toast.
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(account.username, 'Wrong-Password-9');
    await expectInline(page, login.field('Password'), 'Invalid username or password');
    await expect(login.field('Username or e-mail')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(login.toast).toHaveCount(0);
    // It stays (a toast would have gone after 5 s) until the password is edited.
    await page.waitForTimeout(5_500);
    await expect(login.field('Password')).toHaveAttribute('aria-invalid', 'true');
    await shot('login-failed');
    await login.field('Password').fill('Another-Try-9');
    await expect(login.field('Password')).not.toHaveAttribute('aria-invalid', 'true');

    // A new password the server refuses: under New Password, no toast, the link not spent.
    const token = await resetTokenByApi(request, app.dataDir, account.email);
    const reset = new ResetPasswordPage(page);
    await reset.goto(token);
    await reset.reset(TOO_LONG);
    await expectInline(
      page,
      reset.field('New Password'),
      'Password must be at most 256 characters',
    );
    await expect(reset.toast).toHaveCount(0);
    await expect(page.getByTestId('reset-failure')).toHaveCount(0);
    await shot('reset-refused');
  });
}
