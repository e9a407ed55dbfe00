import type { Page } from '@playwright/test';
import { LoginPage } from '../pages/auth-pages';
import { newAccount, registerByApi } from './accounts';

/** Registers a fresh account through the API and signs in through the login screen. */
export async function signInFreshUser(page: Page, prefix = 'user') {
  const account = newAccount(prefix);
  await registerByApi(page.request, account);
  // Registration signs the API context in; sign out so the browser's login is what counts.
  await page.request.post('/api/logout', { data: {} });
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(account.username, account.password);
  await page.waitForURL(/\/dashboard$/);
  return account;
}
