import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

test('a site with dead internal links shows them counted, in red, as a critical issue', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Links to /e/404, /e/410, /e/500, /e/503 and a reset connection: five broken targets.
  const fixture = await startFixtureSite({ pages: 5, features: ['errors'] });
  try {
    await signInFreshUser(page, 'broken');
    const home = new HomePage(page);
    await home.goto();
    await home.generate(fixture.url);
    await expect(home.results).toBeVisible({ timeout: 45_000 });
    const seo = home.seoCard;
    const broken = seo.locator('.seo-stats > div').filter({ hasText: 'Broken links' });
    await expect(broken.locator('dd')).toHaveText('5');
    await expect(broken).toHaveClass('is-bad');
    expect(await broken.locator('dd').evaluate((el) => getComputedStyle(el).color)).not.toBe(
      await seo
        .locator('.seo-stats dd')
        .first()
        .evaluate((el) => getComputedStyle(el).color),
    );
    const critical = seo.locator('.issue-list li[data-severity="critical"]');
    await expect(critical.filter({ hasText: '5 broken internal links' })).toHaveCount(1);
  } finally {
    await fixture.close();
  }
});
