import { LoginPage } from './pages/auth-pages';
import { HomePage } from './pages/home-page';
import { newAccount, registerByApi } from './support/accounts';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { startGatedSite } from './support/tiny-sites';

test('a crawl has its own page: reload during and after it, the home page and the dashboard reopen it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const site = await startGatedSite();
  try {
    await signInFreshUser(page, 'report');
    const home = new HomePage(page);
    await home.goto();
    await home.generate(site.url);
    // The crawl's id goes into the address, so a reload follows the same crawl.
    await page.waitForURL(/\/\?job=[\w-]+$/);
    const jobId = new URL(page.url()).searchParams.get('job') ?? '';
    expect(jobId).not.toBe('');
    await expect(home.progress).toBeVisible();
    await page.reload();
    await expect(home.progress).toBeVisible();
    await expect(home.progress).toContainText('Pages found');

    // Its own page, while the held pages keep it running: live progress.
    await page.goto(`/crawls/${jobId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.url);
    const progress = page.getByTestId('crawl-progress');
    await expect(progress).toBeVisible();
    await expect(progress).toContainText('Elapsed time');
    await page.reload();
    await expect(progress).toBeVisible();

    site.release();
    const results = page.getByTestId('crawl-results');
    await expect(results).toBeVisible({ timeout: 45_000 });
    await expect(results.getByTestId('page-count')).toHaveText('4');
    await expect(page.getByTestId('url-table')).toBeVisible();
    // After the crawl: a reload (or a bookmark) shows the results and the table again.
    await page.reload();
    await expect(results).toBeVisible();
    // Four pages, and in its own tab the other site's URL /about links to, never fetched.
    await expect(page.getByTestId('url-table').locator('tbody tr')).toHaveCount(4);
    await page
      .getByRole('group', { name: 'Which URLs the table shows' })
      .getByRole('button', { name: 'External 1' })
      .click();
    await expect(page.getByTestId('url-table').locator('tbody tr')).toHaveCount(1);
    const outside = page.getByTestId('url-table').locator('tbody tr[data-reason="out-of-scope"]');
    await expect(outside).toContainText('https://partner.example/about-us');
    await expect(outside).toContainText('outside the site');
    await expect(results.getByTestId('page-count')).toHaveText('4');

    // The home page reloaded after the crawl shows it, and links to its page.
    await page.goto(`/?job=${jobId}`);
    await expect(home.results).toBeVisible();
    await page.getByRole('link', { name: 'Open the full crawl report' }).click();
    await expect(page).toHaveURL(new RegExp(`/crawls/${jobId}$`));
    await expect(page.getByTestId('url-table')).toBeVisible();

    // Every Recent Crawls item opens its page.
    await page.goto('/dashboard');
    await page
      .getByTestId('recent-crawls')
      .getByRole('link', { name: new RegExp(`^${site.url.replace(/\/$/, '')}/?$`) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/crawls/${jobId}$`));
    await expect(page.getByTestId('crawl-results')).toBeVisible();
  } finally {
    site.release();
    await site.close();
  }
});

test("another user's crawl page is a 404, and so is its API", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const site = await startGatedSite();
  site.release();
  const owner = await browser.newContext();
  try {
    const ownerApi = owner.request;
    const account = newAccount('owner');
    await registerByApi(ownerApi, account);
    const jobId = await startCrawlByApi(ownerApi, site.url);
    expect((await waitForCrawl(ownerApi, jobId)).status).toBe('completed');

    await signInFreshUser(page, 'other');
    expect((await page.request.get(`/api/crawl/${jobId}`)).status()).toBe(404);
    expect((await page.request.get(`/api/crawl/${jobId}/urls`)).status()).toBe(404);
    await page.goto(`/crawls/${jobId}`);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByTestId('url-table')).toHaveCount(0);
    // An id that was never a job reads the same.
    await page.goto('/crawls/no-such-job');
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();

    // Signed out, the page asks for the account rather than guessing.
    const stranger = await browser.newPage();
    await stranger.goto(new URL(`/crawls/${jobId}`, page.url()).href);
    await expect(
      stranger.getByRole('heading', { name: 'Sign in to see this crawl' }),
    ).toBeVisible();
    // Signing in from there comes back to the crawl, not to the dashboard. The way back rides in
    // the history state: the link is the one sign-in address (issue 26 point 7).
    const signIn = stranger.getByRole('link', { name: 'Sign in', exact: true });
    await expect(signIn).toHaveAttribute('href', '/login');
    await signIn.click();
    await new LoginPage(stranger).signIn(account.username, account.password);
    await expect(stranger).toHaveURL(new RegExp(`/crawls/${jobId}$`));
    await expect(stranger.getByTestId('crawl-results')).toBeVisible();
    // A redirect to another site is ignored: sign-in lands on the dashboard.
    await stranger.request.post('/api/logout', { data: {} });
    await stranger.goto(new URL('/login?redirect=//evil.example/x', page.url()).href);
    await new LoginPage(stranger).signIn(account.username, account.password);
    await expect(stranger).toHaveURL(/\/dashboard$/);
    await stranger.close();
  } finally {
    await owner.close();
    await site.close();
  }
});
