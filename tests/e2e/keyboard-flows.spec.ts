// Issue 26 point 9: the main flows work from the keyboard alone (Tab, Enter, arrows and typed
// text; no pointer): start a crawl, filter a report, run the checker, reach the payment.
import type { Locator, Page } from '@playwright/test';
import { startFixtureSite } from '../fixtures/site/index';
import { startTextSite } from '../servers/indexnow-server';
import { hydrated } from './support/hydrated';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Presses Tab until `target` has the focus (at most `max` times); fails when it never does. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('start a crawl and filter its report with the keyboard only', async ({ page }) => {
  const site = await startFixtureSite({ pages: 6, features: ['noindex'] });
  try {
    await signInFreshUser(page, 'keys');
    await page.goto('/');
    await tabTo(page, page.getByLabel('Website URL'));
    await page.keyboard.type(site.url);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('crawl-results')).toBeVisible({ timeout: 30_000 });

    // The crawl's own page: its report's filters are reached and changed from the keyboard.
    await page.goto('/crawls');
    const open = page.getByTestId('history-row').first().getByRole('link');
    await tabTo(page, open);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/crawls\/[^/]+$/);
    const verdict = page.getByRole('combobox', { name: 'Verdict' });
    await tabTo(page, verdict);
    await page.keyboard.press('ArrowDown'); // "Listed"
    await expect(page).toHaveURL(/verdict=listed/);
    const search = page.getByLabel('Search URL or title');
    await tabTo(page, search);
    await page.keyboard.type('page');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/q=page/);
  } finally {
    await site.close();
  }
});

test('run the checker on a sitemap URL with the keyboard only', async ({ page }) => {
  const files = new Map<string, string>();
  const site = await startTextSite(files);
  files.set(
    '/sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>${site.url}/</loc></url>\n</urlset>\n`,
  );
  try {
    await page.goto('/');
    await hydrated(page);
    await tabTo(page, page.getByLabel('Sitemap URL'), 150);
    await page.keyboard.type(`${site.url}/sitemap.xml`);
    await tabTo(page, page.getByRole('button', { name: 'Validate Sitemap' }));
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('checker-results').getByTestId('valid-count')).toHaveText('1');
  } finally {
    await site.close();
  }
});

test('reach the subscribe page and its payment button with the keyboard only', async ({ page }) => {
  await signInFreshUser(page, 'keypay');
  await page.goto('/dashboard');
  await tabTo(page, page.getByRole('link', { name: 'Upgrade to Pro' }).first(), 150);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/subscribe$/);
  // The payment button is the PayPal SDK's (the stand-in's here): reachable by Tab.
  const buttons = page.getByTestId('paypal-buttons');
  await expect(buttons).not.toBeEmpty();
  for (let i = 0; i < 80; i++) {
    if (await buttons.evaluate((el) => el.contains(document.activeElement))) break;
    await page.keyboard.press('Tab');
  }
  expect(await buttons.evaluate((el) => el.contains(document.activeElement))).toBe(true);
});
