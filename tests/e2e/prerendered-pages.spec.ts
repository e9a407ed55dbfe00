import { PUBLIC_PATHS } from '../../packages/core/src/contract/page-meta';
import { expect, test } from './support/fixtures';
import { shoot } from './support/shoot';

// Issue 26 point 7 (walkthrough defect 34): public pages arrive as complete HTML, readable and
// navigable without JavaScript, and the app takes them over (hydration) without a mismatch.

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a guide and the pricing page show their content and links', async ({ page }, testInfo) => {
    await page.goto('/how-to/html-sitemap-creation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'HTML Sitemaps: When They Help, How to Build One',
    );
    await expect(page.getByText('An HTML sitemap is an ordinary web page')).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }),
    ).toHaveAttribute('href', '/pricing');
    await shoot(page, testInfo, 'nojs-guide', page.getByRole('heading', { level: 1 }));
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shoot(page, testInfo, 'nojs-pricing', page.getByRole('heading', { level: 1 }));
  });

  test('/api-docs lists every operation of the API reference', async ({ page }, testInfo) => {
    const doc = (await (await page.request.get('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(doc.paths).flatMap((methods) => Object.keys(methods));
    await page.goto('/api-docs');
    await expect(page.getByRole('status')).toHaveCount(0); // no "Loading the API reference…"
    const cards = page.locator('details.api-operation');
    await expect(cards).toHaveCount(operations.length);
    const start = page.locator('[id="crawl.start"]');
    await expect(start.locator('summary')).toHaveText('POST /api/crawl Start a crawl');
    // A card opens without a script (details/summary) and holds its parameters and errors.
    await start.locator('summary').click();
    await expect(start.getByRole('table', { name: 'Body fields (JSON)' })).toBeVisible();
    await expect(start.getByRole('table', { name: 'Errors' })).toContainText('input.invalid');
    await shoot(page, testInfo, 'nojs-api-docs', start);
  });

  test("the header's entries are links, and Sign In is shown at both widths", async ({
    page,
  }, testInfo) => {
    await page.goto('/pricing');
    const header = page.getByRole('banner');
    for (const [name, href] of [
      ['Features', '/#features'],
      ['Pricing', '/#pricing'],
      ['How-to', '/#how-to'],
      ['Checker', '/#checker'],
      ['Sign In', '/login'],
      ['Sign Up', '/signup'],
    ] as const) {
      await expect(header.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(header.getByRole('button')).toHaveCount(0);
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Sitemap Checker' }),
    ).toHaveAttribute('href', '/#checker');
    await header.getByRole('link', { name: 'Checker' }).click();
    await expect(page).toHaveURL(/\/#checker$/);
    await expect(page.locator('#checker')).toBeInViewport();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/pricing');
    // No script can open the narrow menu: it is shown open.
    await expect(header.getByRole('link', { name: 'Features' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign In' })).toBeVisible();
    await shoot(page, testInfo, 'nojs-header', header);
  });
});

test('every public page hydrates without an error, and Sign In is one plain /login link', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The signed-out session read answers 401, which Chromium logs: that is not an error here.
    if (m.type() === 'error' && !/status of 401/.test(m.text()))
      errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of PUBLIC_PATHS) {
    const answer = await page.request.get(path);
    // The HTML itself holds the page: its heading is there before any script runs.
    expect(await answer.text(), path).toMatch(/<h1[^>]*>/);
    await page.goto(path);
    // The session is read once React runs: the signed-out header replaces its placeholder.
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    await expect(signIn, path).toHaveAttribute('href', '/login');
    await expect(signIn).toHaveAttribute('rel', 'nofollow');
  }
  expect(errors).toEqual([]);
  // The reference's curl lines are prerendered with paths alone; once hydrated they name the site.
  await page.goto('/api-docs');
  await expect(page.locator('[id="crawl.start"] .api-curl code')).toContainText(
    `'${new URL(page.url()).origin}/api/crawl'`,
  );
  // Still a working app: the header's Sign In link navigates to the one sign-in address.
  await page.goto('/how-to');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
