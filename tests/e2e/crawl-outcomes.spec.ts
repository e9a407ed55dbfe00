import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { startBlockedSite } from './support/tiny-sites';

const FORMATS = ['xml', 'html', 'rss', 'json', 'txt', 'xml-images', 'images', 'videos'];

test('a crawl robots.txt blocks entirely says why, shows no score and disables every download', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const site = await startBlockedSite();
  try {
    await signInFreshUser(page, 'blocked');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    await page.goto(`/crawls/${jobId}`);
    const results = page.getByTestId('crawl-results');
    await expect(results.getByRole('heading', { level: 2 })).toHaveText(
      'Nothing to list in a sitemap',
    );
    await expect(results).not.toContainText('Your sitemap is ready');
    await expect(results.getByTestId('nothing-listed')).toContainText(
      'robots.txt blocks every page',
    );
    await expect(page.getByTestId('seo-score')).toHaveCount(0);
    await expect(page.getByTestId('seo-card')).toContainText('No score');
    const why = results.getByTestId('downloads-why');
    await expect(why).toContainText('robots.txt blocks every page');
    for (const format of FORMATS) {
      const button = results.locator(`button[data-format="${format}"]`);
      await expect(button).toBeDisabled();
      // Each button carries the reason: described by the stated sentence, and as its tooltip.
      await expect(button).toHaveAttribute('aria-describedby', 'downloads-why');
      await expect(button).toHaveAttribute('title', /robots\.txt blocks every page/);
    }
    // Nothing to notify either; the table still shows the blocked start URL.
    await expect(page.getByRole('button', { name: 'Notify Search Engines' })).toHaveCount(0);
    await expect(
      page.getByTestId('url-table').locator('tbody tr[data-reason="robots"]'),
    ).toHaveCount(1);
    // The dashboard's Recent Crawls says so too, not "Completed".
    await page.goto('/dashboard');
    const status = page.getByTestId('recent-crawls').getByTestId('crawl-status');
    await expect(status).toHaveText('Nothing listed');
    await expect(status).toHaveAttribute('title', /robots\.txt blocks every page/);
  } finally {
    await site.close();
  }
});

test('a free crawl stopped by the 100-page cap says so; a file that cannot exist is disabled with its reason; SEO issues lead to their URLs', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const site = await startFixtureSite({ pages: 150 });
  try {
    await signInFreshUser(page, 'capped');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    await page.goto(`/crawls/${jobId}`);
    const results = page.getByTestId('crawl-results');
    await expect(results.getByTestId('crawl-end')).toHaveText(
      /^Stopped at your free plan's 100-page limit; [\d,]+ more URLs were waiting\. Pro crawls them all\.$/,
    );
    await expect(results.getByTestId('page-count')).toHaveText('100');
    // Headlined as partial, with the cap in a warning, never "ready" (walkthrough defect 15).
    const headline = results.getByRole('heading', { level: 2 });
    await expect(headline).toHaveText('Partial sitemap: 100 pages');
    await expect(results).not.toContainText('Your sitemap is ready');
    await expect(results.getByTestId('crawl-end')).toHaveClass(/notice-warning/);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await headline.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`capped-headline-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(results.getByTestId('pages-text')).toHaveText('100 pages, 100 listed');
    // What counts as a page is said once, on request, in plain words (walkthrough defect 37).
    const rule = results.locator('details.page-count-rule');
    await expect(rule.locator('p')).toBeHidden();
    await rule.getByText('What counts as a page?').click();
    await expect(rule).toContainText('A page is a URL that answered with an HTML page.');
    await expect(results).not.toContainText('2xx HTML answer');
    // The fixture has no videos: that one button is off, with its reason under it.
    const videos = results.locator('button[data-format="videos"]');
    await expect(videos).toBeDisabled();
    await expect(results.locator('#download-videos-why')).toContainText('no videos found');
    await expect(results.locator('button[data-format="xml"]')).toBeEnabled();

    // An SEO issue opens to its URLs; "and N more" opens the table filtered to that issue.
    const seo = page.getByTestId('seo-card');
    await expect(seo.getByTestId('seo-score')).toBeVisible();
    const issue = seo
      .locator('.issue-details')
      .filter({ has: page.locator('.issue-more', { hasText: /^and \d+ more$/ }) })
      .first();
    const more = issue.locator('.issue-more');
    await issue.locator('summary').click();
    await expect(issue.locator('.issue-urls li').first()).toBeVisible();
    await more.click();
    await expect(page).toHaveURL(/[?&]issue=[a-z0-9-]+/);
    // The filter names the issue in the card's words, not by its rule id.
    const message = (await issue.locator('summary').innerText()).replace(/^\w+\s+/, '');
    await expect(page.getByText(/^SEO issue:/)).toContainText(
      message.replace(/\s*\([\d,]+ URLs\)$/, ''),
    );
    await expect(page.getByTestId('url-table').locator('tbody tr').first()).toBeVisible();
  } finally {
    await site.close();
  }
});
