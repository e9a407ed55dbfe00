import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

/** Walkthrough defect 43: an SEO issue on one URL said "(1 URLs)". */
test('an SEO issue on one URL counts it as 1 URL, at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(90_000);
  const fixture = await startFixtureSite({ pages: 1, features: [] });
  try {
    await signInFreshUser(page, 'counts');
    const home = new HomePage(page);
    for (const width of [1280, 390]) {
      await home.crawlAt(width, fixture.url);
      const issues = home.seoCard.locator('.issue-list > li');
      await expect(issues.first()).toBeVisible();
      const counts = await issues.locator('summary .muted').allTextContents();
      expect(counts.length).toBeGreaterThan(0);
      expect(counts.filter((text) => /^\(1 URLs\)$/.test(text))).toEqual([]);
      const one = issues.filter({
        has: page.locator('summary .muted', { hasText: /^\(1 URL\)$/ }),
      });
      await expect(one.first()).toBeVisible();
      await one.first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`seo-one-url-${width}.png`) });
    }
  } finally {
    await fixture.close();
  }
});
