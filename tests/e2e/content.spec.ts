import { GUIDE_SLUGS } from '@mapsmith/core/browser';
import { expect, test } from './support/fixtures';
import { hydrated } from './support/hydrated';

test('the home page lists the six guides with read time and category', async ({ page }) => {
  await page.goto('/');
  const guides = page.locator('#guides');
  for (const slug of GUIDE_SLUGS) {
    await expect(guides.locator(`a[href="/how-to/${slug}"]`)).toContainText(/min read/);
  }
  await expect(guides.locator(`a[href="/how-to/advanced-sitemap-strategies"]`)).toContainText(
    'Advanced · 2 min read',
  );
});

test('a guide has breadcrumbs to the /how-to index and its call to action', async ({ page }) => {
  await page.goto('/how-to/sitemap-validation-checker');
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(crumbs.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(crumbs.getByRole('link', { name: 'How-to guides' })).toHaveAttribute(
    'href',
    '/how-to',
  );
  await page.getByRole('link', { name: 'Check your sitemap now' }).click();
  await expect(page).toHaveURL(/\/#checker$/);
  await expect(page.getByRole('heading', { name: 'Sitemap Checker' })).toBeInViewport();
});

test('/how-to is the index of the six guides (walkthrough defect 32: it was a 404)', async ({
  page,
}) => {
  const res = await page.goto('/how-to');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/How-to Guides/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn to get sitemaps right');
  for (const slug of GUIDE_SLUGS)
    await expect(page.locator(`main a[href="/how-to/${slug}"]`)).toContainText(/min read/);
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.screenshot({
      path: test.info().outputPath(`how-to-${size.width}.png`),
      fullPage: true,
    });
  }
  await page.locator('main a[href="/how-to/html-sitemap-creation"]').click();
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'How-to guides' })
    .click();
  await expect(page).toHaveURL(/\/how-to$/);
});

test('the advanced guide names the 50,000-URL index threshold and links onward', async ({
  page,
}) => {
  await page.goto('/how-to/advanced-sitemap-strategies');
  await expect(page.getByText('2 min read')).toBeVisible();
  await expect(
    page.getByRole('heading', { name: 'Sitemap indexes above 50,000 URLs' }),
  ).toBeVisible();
  const article = page.locator('article');
  await expect(article.locator('a[href="/"]').first()).toBeVisible();
  await expect(article.locator('a[href="/subscribe"]').first()).toBeVisible();
  await expect(article.locator('a[href="/how-to/xml-sitemap-generator-seo"]')).toBeVisible();
  await expect(article.locator('a[href="/how-to/sitemap-validation-checker"]')).toBeVisible();
  // Current facts: the 2022 image-tag clean-up and the retired ping endpoints.
  await expect(article).toContainText('image:caption');
  await expect(article).toContainText('IndexNow');
});

test('support has a tabbed FAQ starting on General that names the rate-limit headers', async ({
  page,
}) => {
  await page.goto('/support');
  await hydrated(page);
  const general = page.getByRole('tab', { name: 'General' });
  await expect(general).toHaveAttribute('aria-selected', 'true');
  await general.focus();
  await page.keyboard.press('ArrowRight');
  const technical = page.getByRole('tab', { name: 'Technical' });
  await expect(technical).toBeFocused();
  await expect(technical).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  await panel.getByText('Which rate limits apply?').click();
  for (const header of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
    await expect(panel).toContainText(header);
  }
  for (const tab of ['Billing', 'API'])
    await expect(page.getByRole('tab', { name: tab })).toBeVisible();
});

test('contact states 24 h / 12 h response times that agree with its business hours, and mailto links, no form', async ({
  page,
}) => {
  await page.goto('/contact');
  const main = page.locator('main');
  await expect(main).toContainText(
    'Within 24 hours on the free plan and within 12 hours for Pro users, every day of the week.',
  );
  // Walkthrough defect 33: the hours and the promise agree for a message sent on a Friday evening.
  await expect(main).toContainText('Mon-Fri 9:00 AM-6:00 PM EST');
  await expect(main).toContainText('hold outside them too, weekends included');
  await expect(main.locator('a[href^="mailto:billing@"]')).toBeVisible();
  await expect(main.locator('a[href^="mailto:enterprise@"]')).toBeVisible();
  await expect(main.locator('form')).toHaveCount(0);
});

test('pricing and subscribe sell what Pro includes today, schedules and the audit too, and nothing as planned', async ({
  page,
}) => {
  for (const path of ['/pricing', '/subscribe']) {
    await page.goto(path);
    const offered = page.getByTestId('pro-features').first();
    await expect(offered).toContainText('API tokens: 100 requests per hour per token');
    await expect(offered).toContainText('Unlimited pages per crawl');
    await expect(offered).toContainText('Bulk crawls: up to 100 sites');
    await expect(offered).toContainText('Scheduled crawls: daily, weekly or monthly');
    await expect(offered).toContainText('Sitemap audit: the live status of every URL');
    await expect(offered).toContainText('Live sitemap comparison');
    await expect(offered).not.toContainText(/full rss|coming soon/i);
    await expect(page.getByTestId('planned-features')).toHaveCount(0);
    const main = page.locator('main');
    await expect(main).not.toContainText(/planned|not included yet|billed monthly|coming soon/i);
    await expect(main).not.toContainText(/\bURLs (per|free)/i);
    await expect(main).toContainText('$3');
  }
  await page.goto('/pricing');
  await expect(page.locator('main')).toContainText('100 pages per crawl, 500 pages a month');
  for (const size of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    await page.getByTestId('pro-features').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`pricing-${size.width}.png`) });
  }
});

test('the desktop app is reachable: About has a downloads section that says how to build it', async ({
  page,
}) => {
  await page.goto('/about#desktop');
  const section = page.getByTestId('desktop-downloads');
  await expect(section.getByRole('heading', { name: 'Desktop app: downloads' })).toBeInViewport();
  await expect(section).toContainText('No prebuilt installers are published yet.');
  await expect(section).toContainText('npm run build:desktop');
  await expect(section).toContainText('electron-builder');
  await page.goto('/about');
  await page.locator('main').getByRole('link', { name: 'desktop app' }).click();
  await expect(page).toHaveURL(/\/about#desktop$/);
});
