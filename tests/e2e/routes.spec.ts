import { APP_PATHS, GUIDE_SLUGS } from '@mapsmith/core/browser';
import { AppPage } from './pages/app-page';
import { expect, test } from './support/fixtures';

// /dashboard, /schedules and /crawls redirect signed-out visitors (auth-forms.spec.ts,
// schedules.spec.ts, crawl-history.spec.ts).
const SIGNED_IN_ONLY: readonly string[] = ['/dashboard', '/schedules', '/crawls'];
const PAGES = [
  ...APP_PATHS.filter((p) => !SIGNED_IN_ONLY.includes(p)),
  ...GUIDE_SLUGS.map((slug) => `/how-to/${slug}`),
];

test('every route answers 200 and sets title, description, canonical and social tags', async ({
  page,
  app,
}) => {
  const screen = new AppPage(page);
  const titles = new Set<string>();
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('h1').first(), path).toBeVisible();
    const title = await page.title();
    expect(title, path).not.toBe('404 Page Not Found');
    titles.add(title);
    const description = await screen.meta('description');
    expect(description?.length ?? 0, `${path} description`).toBeGreaterThan(30);
    expect(await screen.meta('og:title'), path).toBe(title);
    expect(await screen.meta('og:description'), path).toBe(description);
    expect(await screen.meta('twitter:card'), path).toBe('summary');
    expect(await screen.meta('twitter:title'), path).toBe(title);
    expect(await screen.canonical(), path).toBe(new URL(path, app.url).href);
  }
  // Each page describes itself with its own title.
  expect(titles.size).toBe(PAGES.length);
});

test('unknown paths and unknown guide slugs show the 404 screen', async ({ page }) => {
  for (const path of ['/no-such-page', '/how-to/not-a-guide', '/dashboard/extra']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('404 Page Not Found');
  }
  await page.getByRole('link', { name: 'Back to the sitemap generator' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByLabel('Website URL')).toBeVisible();
});

test('a route change scrolls to the top', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { name: 'Privacy Policy' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('navigation links go to home sections by hash from other pages and scroll on home', async ({
  page,
}) => {
  await page.goto('/about');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Checker' }).click();
  await expect(page).toHaveURL(/\/#checker$/);
  await expect(page.getByRole('heading', { name: 'Sitemap Checker' })).toBeInViewport();
  await nav.getByRole('link', { name: 'Pricing' }).click();
  await expect(page.getByRole('heading', { name: /Simple pricing/ })).toBeInViewport();
  await page.getByRole('contentinfo').getByRole('link', { name: 'How-to Guides' }).click();
  await expect(page.locator('#how-to')).toBeInViewport();
});

test('the signed-out navigation offers Sign In, Sign Up and the Pro link', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pro - $3/mo' })).toHaveAttribute(
    'href',
    '/subscribe',
  );
  const footer = page.getByRole('contentinfo');
  // The public pricing page (a page of its own, linked so crawlers reach it; issue 26 point 7).
  await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  for (const name of ['About', 'API', 'Support', 'Privacy', 'Terms', 'Contact']) {
    await expect(footer.getByRole('link', { name, exact: true })).toBeVisible();
  }
});

test('no page scrolls sideways at 360 px or 1440 px', async ({ page }) => {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
    }
  }
});
