// Issue 26 point 1 on the desktop: the same /crawls page over the real preload and IPC
// handlers, reading, comparing and deleting the crawls of the desktop's own data file.
import { makePage } from '@mapsmith/core';
import { LOCAL_USER_ID } from '../../packages/desktop/src/main/store/local-data';
import { expect, test } from './support/renderer-fixture';
import { seedLocalJob, withDataFile } from './support/seed';

test('the history lists, pages, compares and deletes local crawls', async ({
  page,
  desktop,
}, testInfo) => {
  const fp = (url: string, fingerprint: string) => makePage(url, { fingerprint });
  const older = await seedLocalJob(
    desktop.services,
    [fp('https://local.example/', '1'), fp('https://local.example/gone', '1')],
    Date.now() - 3_600_000,
  );
  const newer = await seedLocalJob(
    desktop.services,
    [fp('https://local.example/', '2')],
    Date.now() - 60_000,
  );
  for (let i = 0; i < 20; i++)
    await seedLocalJob(
      desktop.services,
      [makePage(`https://d${i}.example/`)],
      Date.now() - 7_200_000 - i * 60_000,
    );

  await page.goto('/dashboard');
  await expect(page.getByTestId('crawl-count')).toHaveText('22');
  await page.getByTestId('view-all-crawls').click();
  await expect(page).toHaveURL(/\/crawls$/);
  const rows = page.getByTestId('history-row');
  await expect(page.getByTestId('history-count')).toHaveText('22 crawls');
  // The desktop deletes no crawl by itself: the hosted 90-day rule is not promised here.
  await expect(page.getByText('Crawls stay on this computer until you delete them.')).toBeVisible();
  await expect(rows).toHaveCount(20);
  await expect(page.getByTestId('history-page')).toHaveText('Page 1 of 2');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`desktop-history-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('Search by site').fill('local');
  await page.getByLabel('Search by site').press('Enter');
  await expect(rows).toHaveCount(2);
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByTestId('compare-button').click();
  await expect(page.getByTestId('compare-words')).toContainText('has 1 removed, 1 changed');

  await rows
    .nth(1)
    .getByRole('button', { name: /^Delete the crawl/ })
    .click();
  await rows.nth(1).getByRole('button', { name: 'Delete crawl' }).click();
  await expect(page.getByTestId('history-notice')).toHaveText(
    'Deleted the crawl of https://local.example/ and its files.',
  );
  await expect(rows).toHaveCount(1);
  const left = await withDataFile(desktop.services, (db) =>
    db.all<{ id: string }>('SELECT id FROM crawl_jobs WHERE user_id = ? AND url = ?', [
      LOCAL_USER_ID,
      'https://local.example/',
    ]),
  );
  expect(left.map((r) => r.id)).toEqual([newer]);
  const pages = await withDataFile(desktop.services, (db) =>
    db.first<{ n: number }>('SELECT COUNT(*) AS n FROM crawl_pages WHERE job_id = ?', [older]),
  );
  expect(pages?.n).toBe(0);
});
