import type { SqlQueryable } from '@mapsmith/core';
import { expect } from 'vitest';
import { waitFor } from './cluster-test-support.js';

/**
 * Test support (not used by the app): the accounting of crawls that survived a failure. Every
 * job is completed; its stored pages, its `pages_crawled` and what its owner was charged agree;
 * and crawls of identical fixture sites stored the same number of pages (a page stored twice,
 * or lost, would make one differ).
 */
export async function expectEveryPageOnce(
  db: SqlQueryable,
  userId: number,
  jobIds: string[],
): Promise<void> {
  const rows = await db.all<{ id: string; status: string; crawled: number; stored: number }>(
    `SELECT j.id, j.status, j.pages_crawled AS crawled,
            (SELECT COUNT(*) FROM crawl_pages p WHERE p.job_id = j.id AND p.is_page = 1) AS stored
       FROM crawl_jobs j WHERE j.user_id = ? ORDER BY j.id`,
    [userId],
  );
  expect(rows.map((r) => r.id).sort()).toEqual([...jobIds].sort());
  for (const row of rows) {
    expect(row.status, row.id).toBe('completed');
    expect(row.stored, row.id).toBe(row.crawled);
  }
  expect(new Set(rows.map((r) => r.stored)).size, 'identical sites, identical page counts').toBe(1);
  const charged = await db.first<{ pages: number }>(
    'SELECT SUM(pages) AS pages FROM usage_months WHERE user_id = ?',
    [userId],
  );
  expect(charged?.pages).toBe(rows.reduce((sum, r) => sum + r.crawled, 0));
}

/** The user's jobs as one line each (status, pages, error), for a timeout's message. */
export async function jobStates(db: SqlQueryable, userId: number): Promise<string> {
  const rows = await db.all<{ id: string; status: string; pages: number; error: string | null }>(
    'SELECT id, status, pages_crawled AS pages, error FROM crawl_jobs WHERE user_id = ?',
    [userId],
  );
  return rows.map((r) => `${r.id} ${r.status} ${r.pages} ${r.error ?? ''}`).join('; ');
}

/**
 * Waits (up to 50 s) until the user's `count` crawls have completed; a timeout names every
 * job's state and what `more` adds (the processes' output).
 */
export async function waitEveryCrawlCompleted(
  db: SqlQueryable,
  userId: number,
  count: number,
  more: () => string = () => '',
): Promise<void> {
  await waitFor(
    'every crawl completed',
    async () => {
      const row = await db.first<{ done: number }>(
        `SELECT COUNT(*) AS done FROM crawl_jobs WHERE user_id = ? AND status = 'completed'`,
        [userId],
      );
      return row?.done === count ? true : undefined;
    },
    50_000,
    async () => `${await jobStates(db, userId)}\n${more()}`,
  );
}
