// Issue 26 point 1: every crawl stays reachable. The dashboard's badge and "View all" lead to
// /crawls, which pages, searches, filters and sorts every crawl, compares two crawls of a site
// and deletes one with the app's inline confirmation, at 1280 and 390 px.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { SqlCrawlStore } from '@mapsmith/app';
import { makePage, type PageRecord } from '@mapsmith/core';
import type { Locator, Page, TestInfo } from '@playwright/test';
import { Database } from '../../packages/server/src/db/database';
import { startFixtureSite } from '../fixtures/site/index';
import { startCrawlByApi, waitForCrawl } from './support/crawl-api';
import { expect, test } from './support/services';
import { signInFreshUser } from './support/session';

interface Seeded {
  url: string;
  status?: 'completed' | 'failed';
  pages?: PageRecord[];
  /** Minutes before now it started. */
  ago: number;
}

/** Stores crawls of `username` in the server's own file, as their runs would have (real store). */
async function seedCrawls(dataDir: string, username: string, crawls: Seeded[]): Promise<string[]> {
  const db = await Database.open(path.join(dataDir, 'mapsmith.sqlite'));
  try {
    const user = await db.first<{ id: number }>('SELECT id FROM users WHERE username = ?', [
      username,
    ]);
    if (!user) throw new Error(`no user ${username}`);
    const ids: string[] = [];
    for (const c of crawls) {
      const id = randomUUID();
      const ms = Date.now() - c.ago * 60_000;
      const at = new Date(ms).toISOString();
      const pages = c.pages ?? [makePage(c.url)];
      await db.run(
        `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms, started_at, finished_at)
         VALUES (?, ?, ?, ?, 1000, 0, ?, ?, ?, ?)`,
        // The store counts (and charges) each page it saves, as during the run.
        [id, user.id, c.url, c.status ?? 'completed', at, ms, at, at],
      );
      const store = new SqlCrawlStore(db, id, { now: () => ms });
      for (const [i, page] of pages.entries()) await store.savePage(`k${i}`, page);
      ids.push(id);
    }
    return ids;
  } finally {
    await db.close();
  }
}

/** Full-page shots at 1280 and 390 px, and at 390 px the screen around `focus` when given. */
async function shoot(page: Page, testInfo: TestInfo, name: string, focus?: Locator): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
  }
  if (focus) {
    await focus.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`${name}-390-view.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('no crawls yet: the history says so and leads to a first crawl', async ({
  page,
}, testInfo) => {
  // Crawls belong to an account: a signed-out visitor is sent to sign in.
  await page.goto('/crawls');
  await expect(page).toHaveURL(/\/login$/);
  await signInFreshUser(page, 'histempty');
  await page.goto('/crawls');
  await expect(page.getByRole('heading', { name: 'Crawl History' })).toBeVisible();
  await expect(
    page.getByText('Crawls are kept for 90 days, then deleted with their files.'),
  ).toBeVisible();
  const empty = page.getByTestId('history-empty');
  await expect(empty).toContainText('No crawls yet');
  await shoot(page, testInfo, 'history-empty');
  await empty.getByRole('link', { name: 'Start your first crawl' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('one real crawl: listed with its report one click away', async ({ page }, testInfo) => {
  const site = await startFixtureSite({ pages: 3 });
  try {
    await signInFreshUser(page, 'histone');
    const jobId = await startCrawlByApi(page.request, site.url);
    expect((await waitForCrawl(page.request, jobId)).status).toBe('completed');
    await page.goto('/dashboard');
    await expect(page.getByTestId('crawl-count')).toHaveText('1');
    await page.getByTestId('view-all-crawls').click();
    await expect(page).toHaveURL(/\/crawls$/);
    await expect(page.getByTestId('history-count')).toHaveText('1 crawl');
    await expect(page.getByTestId('history-row')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Pages of crawls' })).toHaveCount(0);
    await shoot(page, testInfo, 'history-one');
    await page.getByTestId('history-table').getByRole('link', { name: site.url }).click();
    await expect(page).toHaveURL(new RegExp(`/crawls/${jobId}$`));
  } finally {
    await site.close();
  }
});

test('three pages of crawls: paging, search, filter, sort, compare and delete', async ({
  page,
  servicesApp,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await signInFreshUser(page, 'histmany');
  const fp = (url: string, fingerprint: string) => makePage(url, { fingerprint });
  const many: Seeded[] = Array.from({ length: 42 }, (_, i) => ({
    url: `https://site${i}.example/`,
    ago: 60 + i,
    status: i % 10 === 9 ? 'failed' : 'completed',
  }));
  const [older, newer] = await seedCrawls(servicesApp.dataDir, account.username, [
    {
      url: 'https://twice.example/',
      ago: 50,
      pages: [fp('https://twice.example/', '1'), fp('https://twice.example/old', '1')],
    },
    {
      url: 'https://twice.example/',
      ago: 5,
      pages: [
        fp('https://twice.example/', '2'),
        fp('https://twice.example/new', '1'),
        fp('https://twice.example/more', '1'),
      ],
    },
  ]);
  const ids = await seedCrawls(servicesApp.dataDir, account.username, many);

  // The dashboard's badge counts every crawl and leads to the history.
  await page.goto('/dashboard');
  await expect(page.getByTestId('crawl-count')).toHaveText('44');
  await expect(page.getByTestId('view-all-crawls')).toHaveText('View all 44 crawls');
  await page.getByTestId('crawl-count').click();
  await expect(page).toHaveURL(/\/crawls$/);

  const rows = page.getByTestId('history-row');
  await expect(page.getByTestId('history-count')).toHaveText('44 crawls');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText('https://twice.example/');
  await expect(page.getByTestId('history-page')).toHaveText('Page 1 of 3');
  await expect(page.locator('caption')).toHaveText(
    'Your crawls, page 1 of 3, sorted by start date descending',
  );
  await shoot(page, testInfo, 'history-page1', rows.first());
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByTestId('history-page')).toHaveText('Page 2 of 3');
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=3/);
  await expect(rows).toHaveCount(4);
  await expect(rows.last()).toContainText('https://site41.example/');
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // Search by keyboard only: the labelled field, Enter.
  await page.getByLabel('Search by site').focus();
  await page.keyboard.type('TWICE');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-count')).toHaveText('2 crawls of 44 match');
  await expect(rows).toHaveCount(2);

  // Compare the two crawls of the site (not consecutive runs of a schedule).
  await rows.nth(0).getByRole('checkbox').check();
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByTestId('compare-button').click();
  const compared = page.getByTestId('compare-panel');
  await expect(compared.getByTestId('compare-words')).toContainText(
    'has 2 added, 1 removed, 1 changed',
  );
  await compared.locator('summary').click();
  await expect(compared).toContainText('https://twice.example/old');
  await shoot(page, testInfo, 'history-compare', compared);
  await expect(compared.getByRole('link').first()).toHaveAttribute('href', `/crawls/${older}`);
  await expect(compared.getByRole('link').last()).toHaveAttribute('href', `/crawls/${newer}`);

  // Status filter and sort.
  await page.getByLabel('Search by site').fill('');
  await page.getByLabel('Search by site').press('Enter');
  await page.getByLabel('Status').selectOption('failed');
  await expect(page.getByTestId('history-count')).toHaveText('4 crawls of 44 match');
  await expect(rows.first()).toContainText('Failed');
  await page.getByLabel('Status').selectOption('');
  await page.getByLabel('Sort by').selectOption('pages:desc');
  await expect(rows.first()).toContainText('https://twice.example/');
  await expect(rows.first()).toContainText('3');
  await page.getByLabel('Sort by').selectOption('date:asc');
  await expect(rows.first()).toContainText('https://site41.example/');

  // Delete the oldest crawl with the inline confirmation; Cancel first leaves it.
  const oldest = rows.first();
  await oldest.getByRole('button', { name: /Delete the crawl of https:\/\/site41/ }).click();
  await expect(oldest.getByRole('group')).toContainText(
    'Delete this crawl of https://site41.example/ and its files?',
  );
  await shoot(page, testInfo, 'history-confirm', oldest.getByRole('group'));
  await page.keyboard.press('Escape');
  await expect(oldest.getByRole('group')).toHaveCount(0);
  await oldest.getByRole('button', { name: /Delete the crawl of https:\/\/site41/ }).click();
  await expect(oldest.getByRole('button', { name: 'Delete crawl' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('history-notice')).toHaveText(
    'Deleted the crawl of https://site41.example/ and its files.',
  );
  await expect(page.getByTestId('history-count')).toHaveText('43 crawls');
  await expect(rows.first()).toContainText('https://site40.example/');
  expect((await page.request.get(`/api/crawl/${ids[41]}`)).status()).toBe(404);
});
