import { gzipSync } from 'node:zlib';
import { HomePage } from './pages/home-page';
import { expect, test } from './support/fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function urlset(entries: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n${entries.join('\n')}\n</urlset>\n`;
}

test('a valid uploaded sitemap shows its valid URLs and no errors', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap(
    'sitemap.xml',
    urlset([
      '<url><loc>https://example.com/</loc><lastmod>2026-01-02</lastmod></url>',
      '<url><loc>https://example.com/about</loc></url>',
      '<url><loc>https://example.com/contact</loc></url>',
    ]),
  );
  await home.expectToast('Your sitemap is valid!');
  await expect(home.checkerResults.getByRole('heading')).toHaveText('Your sitemap is valid!');
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('3');
  await expect(home.checkerResults.getByTestId('error-count')).toHaveText('0');
  await expect(home.checkerResults).toContainText('Valid URLs');
});

test('an invalid upload lists its errors and only the first 5 warnings', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  const entries = [
    '<url><loc>ftp://example.com/file</loc></url>',
    ...Array.from(
      { length: 8 },
      (_, i) => `<url><loc>https://example.com/p${i}</loc><priority>7</priority></url>`,
    ),
  ];
  await home.uploadSitemap('broken.xml', urlset(entries));
  await home.expectToast('Issues found in your sitemap');
  const results = home.checkerResults;
  await expect(results.getByRole('heading', { level: 3 })).toHaveText(
    'Issues found in your sitemap',
  );
  await expect(results.locator('.error-list li').first()).toContainText('Invalid protocol');
  const warnings = Number(await results.getByTestId('warning-count').textContent());
  expect(warnings).toBeGreaterThanOrEqual(8);
  await expect(results.locator('.warning-list li')).toHaveCount(5);
  await expect(results).toContainText(`...and ${warnings - 5} more warnings`);
});

test('an unknown root and broken XML are errors', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap('other.xml', '<?xml version="1.0"?><catalog><item/></catalog>');
  await expect(home.checkerResults.locator('.error-list')).toContainText(
    'Unknown sitemap format. Expected urlset, sitemapindex, rss, news, image, or video sitemap',
  );
  await home.uploadSitemap(
    'bad.xml',
    `<?xml version="1.0"?><urlset xmlns="${NS}"><url><loc>x</url>`,
  );
  await expect(home.checkerResults.locator('.error-list')).toContainText('XML parsing error');
});

test('a sitemap index counts Valid Sitemaps', async ({ page }) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap(
    'index.xml',
    `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n<sitemap><loc>https://example.com/a.xml</loc></sitemap>\n<sitemap><loc>https://example.com/b.xml</loc></sitemap>\n</sitemapindex>\n`,
  );
  await expect(home.checkerResults).toContainText('Valid Sitemaps');
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('2');
});

test('a non-XML file and an empty sitemap URL are refused with the spec toasts', async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  // A refused file clears the last result (walkthrough defect 21: it stayed underneath).
  await home.uploadSitemap('sitemap.xml', urlset(['<url><loc>https://example.com/</loc></url>']));
  await expect(home.checkerResults).toHaveCount(1);
  await home.uploadSitemap('photo.png', 'not a sitemap', 'image/png');
  await home.expectToast(
    'Invalid File Type',
    'Please upload a sitemap file (.xml, .xml.gz, .gz, .rss, .txt)',
  );
  await expect(home.checkerResults).toHaveCount(0);
  await home.validateButton.click();
  await expect(home.sitemapUrlInput).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Enter the address of a sitemap, such as https://example.com/sitemap.xml'),
  ).toBeVisible();
});

test('a text sitemap (one URL a line) is checked by the protocol’s rules (walkthrough defect 21)', async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  const lines = ['https://example.com/', 'https://example.com/about', 'mailto:x@example.com'];
  await home.uploadSitemap('sitemap.txt', `${lines.join('\n')}\n`, 'text/plain');
  await home.expectToast('Issues found in your sitemap');
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('2');
  await expect(home.checkerResults.getByTestId('error-count')).toHaveText('1');
  await expect(home.checkerResults).toContainText('Invalid protocol: mailto:x@example.com');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await home.checkerResults.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`checker-txt-${width}.png`) });
  }
});

test('RSS and gzip uploads are checked, and a gzip bomb is stopped at the 50 MB cap', async ({
  page,
}) => {
  const home = new HomePage(page);
  await home.goto('#checker');
  await home.uploadSitemap(
    'feed.rss',
    '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>https://example.com/</link><description>d</description><item><link>https://example.com/a</link></item></channel></rss>',
    'application/rss+xml',
  );
  await expect(home.checkerResults).toBeVisible();
  await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('1');

  const sitemap = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>https://example.com/</loc></url>\n<url><loc>https://example.com/b</loc></url>\n</urlset>\n`;
  for (const name of ['sitemap.xml.gz', 'sitemap.gz']) {
    await home.checkerFile.setInputFiles({
      name,
      mimeType: 'application/gzip',
      buffer: gzipSync(sitemap),
    });
    await expect(home.checkerResults.getByTestId('valid-count')).toHaveText('2');
  }

  // 60 MB of zeros compress to ~60 KB: the inflated size is capped like the URL path's.
  await home.checkerFile.setInputFiles({
    name: 'bomb.xml.gz',
    mimeType: 'application/gzip',
    buffer: gzipSync(Buffer.alloc(60 * 1024 * 1024)),
  });
  await expect(home.checkerResults.locator('.error-list')).toContainText(
    'larger than 52,428,800 bytes',
  );
});
