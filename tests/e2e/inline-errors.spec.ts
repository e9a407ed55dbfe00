// Issue 26 point 4 in Chromium (walkthrough defects 11, 12 and 42): refused input is explained
// under the field it was typed in (aria-invalid, aria-describedby, focus), never only in a
// toast; the stepper ticks only a crawl that was accepted, also after a reload; and a bare
// domain is crawled, over http when https does not answer, the crawl saying which was used.
import { startFixtureSite } from '../fixtures/site/index';
import { HomePage } from './pages/home-page';
import { expectInline } from './support/inline';
import { becomePro } from './support/pro';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';
import { shoot } from './support/shoot';

const HINT = 'Enter a site address such as example.com or https://example.com';

for (const width of [1280, 390]) {
  test(`the crawl form explains refused input under the field, at ${width} px`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await signInFreshUser(page, `inline${width}`);
    const home = new HomePage(page);
    await home.goto();
    const steps = page.locator('.step[data-done="true"]');

    // Nothing typed: said under the field, by keyboard alone.
    await home.urlInput.focus();
    await page.keyboard.press('Enter');
    await expectInline(page, home.urlInput, 'Enter your site’s address, such as example.com');
    await expect(home.toast).toHaveCount(0);
    await expect(steps).toHaveCount(0);

    // Another scheme: the server's sentence, under the field, and step 1 stays unticked.
    await home.urlInput.fill('ftp://x');
    await expect(home.urlInput).not.toHaveAttribute('aria-invalid', 'true');
    await home.generateButton.click();
    await expectInline(page, home.urlInput, HINT);
    await expect(steps).toHaveCount(0);
    await expect(home.toast).toHaveCount(0);
    // It stays until the field is edited (a toast would have left after 5 s).
    await page.waitForTimeout(5_500);
    await expect(home.urlInput).toHaveAttribute('aria-invalid', 'true');
    if (width === 1280) await shoot(page, testInfo, 'crawl-inline-error', home.urlInput);
    else await page.screenshot({ path: testInfo.outputPath(`crawl-inline-error-${width}.png`) });
    await home.urlInput.fill('example');
    await expect(home.urlInput).not.toHaveAttribute('aria-invalid', 'true');
    await home.generateButton.click();
    await expectInline(page, home.urlInput, HINT);
  });
}

test('a refused crawl setting is shown under its field, its panel opened and focused', async ({
  page,
}, testInfo) => {
  await signInFreshUser(page, 'inlineset');
  await becomePro(page.request);
  const home = new HomePage(page);
  await home.goto();
  await page.locator('summary', { hasText: 'Crawl settings' }).click();
  const depth = page.getByLabel('Max depth');
  await depth.fill('500');
  // The panel folded again: the refusal opens it to show the field.
  await page.locator('summary', { hasText: 'Crawl settings' }).click();
  await home.generate('example.com');
  await expectInline(page, depth, /100/);
  await expect(page.locator('.step[data-done="true"]')).toHaveCount(0);
  await expect(home.toast).toHaveCount(0);
  await shoot(page, testInfo, 'settings-inline-error', depth);
});

test('the schedule form explains a refused address under the field', async ({ page }, testInfo) => {
  await signInFreshUser(page, 'inlinesch');
  await becomePro(page.request);
  await page.goto('/schedules');
  const url = page.getByLabel('Site URL');
  await url.fill('');
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await expectInline(page, url, 'Enter the site’s address, such as example.com');
  await url.fill('not a site');
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await expectInline(page, url, HINT);
  await shoot(page, testInfo, 'schedule-inline-error', url);
  // A bare domain is a site address here too.
  await url.fill('www.example.com');
  await page.getByRole('button', { name: 'Create schedule' }).click();
  await expect(page.locator('.schedule-list')).toContainText('https://www.example.com');
});

test('a bare domain is crawled over http when https does not answer, and the stepper survives a reload', async ({
  page,
}, testInfo) => {
  const fixture = await startFixtureSite({ pages: 5 });
  try {
    await signInFreshUser(page, 'baredomain');
    const home = new HomePage(page);
    await home.goto();
    const bare = fixture.url.replace(/^http:\/\//, '').replace(/\/$/, '');
    const plain = `http://${bare}`;
    await home.generate(bare);
    // Accepted, not refused under the field (the five-page crawl may end before a toast is read).
    await expect(home.results).toBeVisible({ timeout: 30_000 });
    await expect(home.urlInput).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('crawl-notes')).toContainText(
      `so the site was crawled over ${plain}`,
    );
    await shoot(page, testInfo, 'bare-domain-crawled', page.getByTestId('crawl-notes'));

    // After a reload of /?job=…, the field names the crawl and the steps are its steps.
    await page.reload();
    await expect(home.results).toBeVisible();
    await expect(home.urlInput).toHaveValue(`https://${bare}`);
    await expect(page.locator('.step[data-done="true"]')).toHaveCount(3);
  } finally {
    await fixture.close();
  }
});
