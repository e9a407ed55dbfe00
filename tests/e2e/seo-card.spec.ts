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

test('a title or description of the wrong length is shown beside its URL, with its length', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // The discovery pages have one-word titles ("Base", "Area"): under 10 characters.
  const fixture = await startFixtureSite({ pages: 5, features: ['discovery'] });
  try {
    await signInFreshUser(page, 'titles');
    const home = new HomePage(page);
    for (const width of [1280, 390]) {
      await home.crawlAt(width, fixture.url);
      const issue = home.seoCard
        .locator('.issue-list > li')
        .filter({ hasText: 'a title shorter than 10 or longer than 60 characters' });
      await issue.locator('summary').click();
      const base = issue.locator('.issue-urls li').filter({ hasText: '/disc/base' });
      await expect(base).toHaveText(
        `${fixture.url.replace(/\/$/, '')}/disc/base “Base” (4 characters, under 10)`,
      );
      await expect(base.locator('.issue-note')).toBeVisible();
      await issue.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`seo-title-length-${width}.png`) });
    }
  } finally {
    await fixture.close();
  }
});
