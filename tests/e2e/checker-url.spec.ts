import { startTextSite } from '../servers/indexnow-server';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/services';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

test('the checker fetches a sitemap by URL through the server and validates it', async ({
  page,
}) => {
  const files = new Map<string, string>([
    [
      '/broken.xml',
      `<?xml version="1.0"?>\n<urlset xmlns="${NS}">\n<url><lastmod>2026-01-01</lastmod></url>\n</urlset>\n`,
    ],
  ]);
  const site = await startTextSite(files);
  // The sitemap lists its own site's URLs: a fetched sitemap's URLs on another host are errors.
  files.set(
    '/sitemap.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>${site.url}/</loc></url>\n<url><loc>${site.url}/a</loc></url>\n</urlset>\n`,
  );
  try {
    const home = new HomePage(page);
    await home.goto('#checker');
    await home.sitemapUrlInput.fill(`${site.url}/sitemap.xml`);
    await home.validateButton.click();
    await home.expectToast('Your sitemap is valid!');
    await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('2');
    await expect(home.checkerResults).toContainText(`${site.url}/sitemap.xml`);

    await home.sitemapUrlInput.fill(`${site.url}/broken.xml`);
    await home.validateButton.click();
    await home.expectToast('Issues found in your sitemap');
    await expect(home.checkerResults.locator('.error-list')).toContainText('Missing loc element');

    // An address without a scheme is not guessed into https:// (a TLS error on this http-only
    // server): the checker asks for the scheme.
    await home.sitemapUrlInput.fill(`${site.url.replace(/^https?:\/\//, '')}/sitemap.xml`);
    await home.validateButton.click();
    // Said under the field, which takes the focus (walkthrough defect 12).
    await expect(home.sitemapUrlInput).toHaveAttribute('aria-invalid', 'true');
    await expect(home.sitemapUrlInput).toBeFocused();
    await expect(page.getByText('Add http:// or https:// to the sitemap address.')).toBeVisible();
    await expect(page.getByText(/SSL|ssl3_|openssl/i)).toHaveCount(0);

    // A failed fetch shows the server's text with zero stats.
    await home.sitemapUrlInput.fill(`${site.url}/missing.xml`);
    await home.validateButton.click();
    await expect(home.checkerResults.getByTestId('error-count')).toHaveText('1');
    await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('0');
    await expect(home.checkerResults.locator('.error-list li')).toContainText(/404|not found/i);
  } finally {
    await site.close();
  }
});
