import fs from 'node:fs';
import path from 'node:path';
import { makePage, REPORT_COLUMN_NAMES, reportValues } from '@mapsmith/core';
import { Database } from '../../packages/server/src/db/database';
import { expect, test } from './support/fixtures';
import { signInFreshUser } from './support/session';

const URLS = 60_000;

/** Stores a completed job of `URLS` listed pages for `username`, as its crawl would have. */
async function seedBigJob(dataDir: string, username: string, jobId: string): Promise<void> {
  const db = await Database.open(path.join(dataDir, 'mapsmith.sqlite'));
  try {
    const user = await db.first<{ id: number }>('SELECT id FROM users WHERE username = ?', [
      username,
    ]);
    if (!user) throw new Error(`no user ${username}`);
    await db.run(
      `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, pages_crawled, created_at, created_ms, finished_at)
       VALUES (?, ?, 'https://big.example/', 'completed', ?, ?, ?, ?, ?)`,
      [jobId, user.id, URLS, URLS, new Date().toISOString(), Date.now(), new Date().toISOString()],
    );
    await db.run("INSERT INTO crawl_report_counts (job_id, reason, n) VALUES (?, 'listed', ?)", [
      jobId,
      URLS,
    ]);
    await db.transaction(async (tx) => {
      for (let i = 0; i < URLS; i++) {
        const page = makePage(`https://big.example/p/${i}`, { title: `Page ${i}` });
        await tx.run(
          `INSERT INTO crawl_pages (job_id, key, url, title, included, record, inlinks, ${REPORT_COLUMN_NAMES.join(', ')})
           VALUES (?, ?, ?, ?, 1, ?, 1, ${REPORT_COLUMN_NAMES.map(() => '?').join(', ')})`,
          [jobId, page.url, page.url, page.title, JSON.stringify(page), ...reportValues(page)],
        );
      }
    });
  } finally {
    await db.close();
  }
}

test('a sitemap of more than 50,000 URLs downloads as an index, and the page offers each part', async ({
  page,
  app,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = await signInFreshUser(page, 'split');
  await seedBigJob(app.dataDir, account.username, 'big-job');
  await page.goto('/crawls/big-job');
  const results = page.getByTestId('crawl-results');
  await expect(results).toBeVisible();

  const index = page.waitForEvent('download');
  await results.locator('button[data-format="xml"]').click();
  const indexFile = await index;
  expect(indexFile.suggestedFilename()).toBe('sitemap.xml');
  const indexText = fs.readFileSync((await indexFile.path()) ?? '', 'utf8');
  expect(indexText.match(/<sitemap>/g)).toHaveLength(2);

  const parts = page.getByTestId('sitemap-parts');
  await expect(parts).toContainText('sitemap.xml is a sitemap index: it lists 2 files');
  await expect(parts.getByRole('button')).toHaveText(['Part 1', 'Part 2']);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await parts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`split-parts-${width}.png`) });
  }

  const second = page.waitForEvent('download');
  await parts.getByRole('button', { name: 'Part 2' }).click();
  const secondFile = await second;
  expect(secondFile.suggestedFilename()).toBe('sitemap-2.xml');
  const text = fs.readFileSync((await secondFile.path()) ?? '', 'utf8');
  expect(text.match(/<url>/g)).toHaveLength(URLS - 50_000);

  // A format that never splits leaves no parts behind.
  const txt = page.waitForEvent('download');
  await results.locator('button[data-format="txt"]').click();
  await txt;
  await expect(parts).toHaveCount(0);
});
