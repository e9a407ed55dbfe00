import type { APIRequestContext } from '@playwright/test';
import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** Starts a crawl through the API and waits for it to end; answers its final status. */
async function crawlByApi(request: APIRequestContext, url: string): Promise<string> {
  const start = await request.post('/api/crawl', { data: { url } });
  expect(start.ok(), await start.text()).toBe(true);
  const { jobId } = (await start.json()) as { jobId: string };
  for (;;) {
    const job = (await (await request.get(`/api/crawl/${jobId}`)).json()) as { status: string };
    if (job.status === 'completed' || job.status === 'failed') return job.status;
    await new Promise((r) => setTimeout(r, 200));
  }
}

test('the monthly limit shows its toast with an Upgrade to Pro button to /pricing', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const fixture = await startFixtureSite({ pages: 150 });
  try {
    await signInFreshUser(page, 'quota');
    // Five crawls capped at 100 pages use the free plan's 500 pages of the month.
    for (let i = 0; i < 5; i++)
      expect(await crawlByApi(page.request, fixture.url)).toBe('completed');
    const home = new HomePage(page);
    await home.goto();
    await home.generate(fixture.url);
    await expect(home.toast.locator('.toast-title')).toHaveText('Monthly Limit Reached');
    await expect(home.toast.locator('.toast-text')).toContainText('500 pages');
    // A toast with an action stays until dismissed (WCAG 2.2.1): still there after 5 s.
    await page.clock.install();
    await page.clock.runFor(30_000);
    await expect(home.toast.locator('.toast-title')).toHaveText('Monthly Limit Reached');
    await home.toast.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Simple pricing/);
    // Above 80 % of the quota the dashboard warns.
    await page.goto('/dashboard');
    await expect(page.getByTestId('usage-card')).toContainText('500 of 500 pages used this month');
    await expect(page.getByTestId('usage-card')).toContainText(
      'You have used 100% of your monthly pages',
    );
  } finally {
    await fixture.close();
  }
});

test('a crawl that cannot reach its site ends in the failed panel with tips', async ({ page }) => {
  const fixture = await startFixtureSite({ pages: 5 });
  const url = fixture.url;
  // Nothing listens there any more: the crawl's first fetch is refused.
  await fixture.close();
  await signInFreshUser(page, 'failing');
  const home = new HomePage(page);
  await home.goto();
  await home.generate(url);
  const failed = page.getByRole('alert').filter({ hasText: 'Oops! Crawling Failed' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  // Tips for a refused connection, true on every plan (walkthrough defect 30).
  await expect(failed).toContainText('connection refused');
  await expect(failed).toContainText('Check that the address is correct');
  await expect(failed).toContainText('allow the user agent MapsmithBot');
  await expect(failed).not.toContainText(/Pro|script-heavy/);
});
