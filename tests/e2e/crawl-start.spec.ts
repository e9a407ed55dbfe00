import { startFixtureSite } from '../fixtures/site/index';
import { LoginPage } from './pages/auth-pages';
import { HomePage } from './pages/home-page';
import { newAccount, registerByApi } from './support/accounts';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

test('Generate Now pressed while the session is still being read waits for it and starts the crawl', async ({
  page,
}) => {
  const fixture = await startFixtureSite({ pages: 5 });
  try {
    await signInFreshUser(page, 'eager');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let userReads = 0;
    // Hold the real /api/user answer back so the click lands while the session is unknown.
    await page.route('**/api/user', async (route) => {
      userReads += 1;
      await held;
      await route.continue();
    });
    const home = new HomePage(page);
    await home.goto();
    await expect(page.getByTestId('auth-placeholder')).toBeVisible();
    await home.generate(fixture.url);
    // Nothing is decided while the session is unknown: no toast, still on the home page.
    await expect(home.toast).toHaveCount(0);
    expect(userReads).toBeGreaterThan(0);
    release();
    await home.expectToast('Crawl Requested');
    // Still the home page, now naming its crawl so a reload shows it again.
    await expect(page).toHaveURL(/\/\?job=[\w-]+$/);
    await expect(home.results).toBeVisible({ timeout: 20_000 });
  } finally {
    await fixture.close();
  }
});

test('Generate Now pressed twice quickly starts one crawl', async ({ page }) => {
  const fixture = await startFixtureSite({ pages: 5 });
  try {
    await signInFreshUser(page, 'double');
    let starts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/crawl')
        starts += 1;
    });
    const home = new HomePage(page);
    await home.goto();
    await home.urlInput.fill(fixture.url);
    await home.generateButton.dblclick();
    await home.expectToast('Crawl Requested');
    await expect(home.results).toBeVisible({ timeout: 20_000 });
    expect(starts).toBe(1);
  } finally {
    await fixture.close();
  }
});

test('a signed-out Generate keeps the typed URL through sign-in and starts the crawl after it', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fixture = await startFixtureSite({ pages: 5 });
  try {
    const account = newAccount('later');
    await registerByApi(page.request, account);
    await page.request.post('/api/logout', { data: {} });
    let starts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/crawl') starts++;
    });
    const home = new HomePage(page);
    await home.goto();
    await home.generate(fixture.url);
    await expect(page).toHaveURL(/\/login$/);
    const login = new LoginPage(page);
    await login.signIn(account.username, account.password);
    await expect(page).toHaveURL(/\/(\?job=.+)?$/);
    await expect(page.locator('#site-url')).toHaveValue(fixture.url);
    await expect(home.results).toBeVisible({ timeout: 30_000 });
    const crawlUrl = page.url();
    expect(crawlUrl).toMatch(/\?job=/);
    // Started once: a reload shows the same crawl (its id is in the address) and starts none.
    await page.reload();
    await expect(home.results).toBeVisible({ timeout: 30_000 });
    expect(page.url()).toBe(crawlUrl);
    expect(starts).toBe(1);
  } finally {
    await fixture.close();
  }
});
