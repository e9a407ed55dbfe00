import type { PageRecord } from '@mapsmith/core';
import { Database } from '@mapsmith/sqlite';
import { LOCAL_USER_ID } from '../../../packages/desktop/src/main/store/local-data';
import { seedCompletedJob } from '../../../packages/server/src/repos/test-support';
import type { TestDesktop } from './services';

/**
 * Runs `work` on a second connection to the desktop's data file, as the crawler process opens
 * it (SQLite's WAL lets both read and write beside the app's own connection).
 */
export async function withDataFile<T>(
  desktop: Pick<TestDesktop, 'deps'>,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  const db = await Database.open(desktop.deps.data.file);
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

/**
 * A completed local crawl of `pages`, stored through the application layer's crawl store as a
 * crawl stores them (so each page is charged to the month, as it would be); returns its id.
 */
export function seedLocalJob(
  desktop: Pick<TestDesktop, 'deps'>,
  pages: PageRecord[],
  createdMs = Date.now(),
): Promise<string> {
  return withDataFile(desktop, (db) => seedCompletedJob(db, LOCAL_USER_ID, pages, createdMs));
}

/** A crawl another app run holds (its lease far ahead), so it stays running; returns its id. */
export function seedRunningJob(desktop: Pick<TestDesktop, 'deps'>, url: string): Promise<string> {
  const id = `running-${Date.now()}`;
  return withDataFile(desktop, async (db) => {
    await db.run(
      `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, created_at, created_ms,
                               attempts, lease_owner, lease_expires_at, claim_token)
       VALUES (?, ?, ?, 'crawling', 100, ?, ?, 1, 'another-run', ?, 'held')`,
      [id, LOCAL_USER_ID, url, new Date().toISOString(), Date.now(), Date.now() + 3_600_000],
    );
    return id;
  });
}
