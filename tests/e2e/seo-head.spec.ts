import { expect, test } from './support/fixtures';

// What a crawler or a link preview sees: the HTML as the server sends it, no JavaScript run.
test('each route carries its own head in the server HTML, without JavaScript', async ({
  request,
  baseURL,
}) => {
  const read = async (path: string) => {
    const res = await request.get(path);
    return { status: res.status(), html: await res.text() };
  };
  const guide = await read('/how-to/html-sitemap-creation');
  expect(guide.html).toContain(
    '<title>HTML Sitemaps: When They Help, How to Build One | Mapsmith</title>',
  );
  expect(guide.html).toContain(
    `<link rel="canonical" href="${baseURL}/how-to/html-sitemap-creation" />`,
  );
  expect(guide.html).toContain('"@type":"Article"');
  const login = await read('/login');
  expect(login.html).toContain('<title>Sign In | Mapsmith</title>');
  expect(login.html).toContain('<meta name="robots" content="noindex" />');
  expect((await read('/robots.txt')).html).toContain('Sitemap: ');
  expect((await read('/sitemap.xml')).html).toContain('/how-to/html-sitemap-creation</loc>');
  expect((await read('/favicon.svg')).status).toBe(200);
});

test('client-side navigation keeps head and robots in step with the page', async ({ page }) => {
  await page.goto('/pricing');
  await expect(page).toHaveTitle(/^Pricing \| Mapsmith/);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'index, follow');
  await page.goto('/login');
  await expect(page).toHaveTitle('Sign In | Mapsmith');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
