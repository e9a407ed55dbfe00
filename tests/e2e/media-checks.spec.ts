// Issue 25 point 7 (walkthrough defects 16, 17, 19): after a crawl, the results say which
// image (404) and which video (missing fields) the media sitemaps leave out, and the SEO card
// lists the hreflang issues with their URLs, at 1280 and at 390 px.
import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

test('left-out media and hreflang issues are shown with their URLs', async ({ page }) => {
  test.setTimeout(90_000);
  const fixture = await startFixtureSite({ pages: 3, features: ['media-checks'] });
  try {
    await signInFreshUser(page, 'media');
    const home = new HomePage(page);
    await home.goto();
    await home.generate(fixture.url);
    await expect(home.results).toBeVisible({ timeout: 60_000 });
    const notes = page.getByTestId('crawl-notes');
    await expect(notes).toContainText(
      `1 image answering 4xx left out of the image lists: ${fixture.origin}/mc/img/missing.png (404)`,
    );
    await expect(notes).toContainText(
      `1 video left out of the video sitemap for missing fields Google requires: ${fixture.origin}/mc/video-nodesc (missing thumbnail_loc, description)`,
    );
    const issues = home.seoCard.locator('.issue-list > li');
    const issue = (text: string) => issues.filter({ hasText: text });
    await expect(issue('hreflang codes that are not valid')).toHaveCount(1);
    await expect(issue('missing return links')).toHaveCount(1);
    await expect(issue('does not name the page itself')).toHaveCount(1);
    for (const text of ['missing return links', 'hreflang codes that are not valid']) {
      await issue(text).locator('summary').click();
    }
    const returnUrls = issue('missing return links').locator('.issue-urls li');
    await expect(returnUrls).toHaveCount(2);
    expect((await returnUrls.allTextContents()).sort()).toEqual([
      `${fixture.origin}/mc/lang/en`,
      `${fixture.origin}/mc/lang/fr`,
    ]);
    await expect(issue('hreflang codes that are not valid').locator('.issue-urls li')).toHaveText([
      `${fixture.origin}/mc/lang/es`,
    ]);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await notes.scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`media-notes-${width}.png`) });
      await issue('missing return links').scrollIntoViewIfNeeded();
      await page.screenshot({ path: test.info().outputPath(`hreflang-issues-${width}.png`) });
      // Nothing runs off the side at either width.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    }
  } finally {
    await fixture.close();
  }
});
