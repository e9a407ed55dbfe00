import { LOCAL_USER_ID } from '../../packages/desktop/src/main/store/local-data';
import { HomePage } from '../e2e/pages/home-page';
import { startFixtureSite } from '../fixtures/site/index';
import { expect, test } from './support/renderer-fixture';

test.use({
  desktopOptions: {
    storageBackend: 'gnome_libsecret',
    env: { MAPSMITH_CHROME_PATH: '/nonexistent/chrome' },
  },
});

test('without a local browser, the results say which pages were not rendered and why', async ({
  page,
  desktop,
}) => {
  // `/app` is an app shell whose links exist only after its script runs.
  const site = await startFixtureSite({ pages: 5, features: ['script'] });
  try {
    const home = new HomePage(page);
    await home.goto();
    await home.generate(site.url);
    await expect(home.results).toBeVisible({ timeout: 30_000 });
    const notes = page.getByTestId('crawl-notes');
    await expect(notes).toContainText('1 page looked like an app shell');
    await expect(notes).toContainText('MAPSMITH_CHROME_PATH names no file (/nonexistent/chrome)');
    await expect(notes).toContainText('install Google Chrome or Chromium');
    const [item] = await desktop.services.deps.data.answers.history(LOCAL_USER_ID);
    expect(item?.status).toBe('completed');
  } finally {
    await site.close();
  }
});
