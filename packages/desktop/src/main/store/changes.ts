import {
  type ChangeSummary,
  type CrawlChanges,
  compareCrawls,
  readChanges,
  startUrlVariants,
} from '@mapsmith/core';
import type { Database } from '@mapsmith/sqlite';

const LAYOUT = { pages: 'pages', jobs: 'jobs' };

/**
 * The change report on the desktop's store (issue 13), with the hosted app's core code: a
 * completed crawl is compared with the previous completed crawl of the same URL, its rows learn
 * their change and its listed records the honest lastmod. Null on a first crawl of the site.
 */
export async function compareLocal(db: Database, jobId: string): Promise<ChangeSummary | null> {
  const job = await db.first<{ url: string; created_at: string }>(
    'SELECT url, created_at FROM jobs WHERE id = ?',
    [jobId],
  );
  if (!job) return null;
  const urls = startUrlVariants(job.url);
  const previous = await db.first<{ id: string; created_at: string }>(
    `SELECT id, created_at FROM jobs
      WHERE url IN (${urls.map(() => '?').join(', ')}) AND status = 'completed' AND id <> ?
        AND created_at <= ?
      ORDER BY created_at DESC, rowid DESC LIMIT 1`,
    [...urls, jobId, job.created_at],
  );
  if (!previous) return null;
  return compareCrawls(db, LAYOUT, {
    jobId,
    previousJobId: previous.id,
    previousAt: previous.created_at,
    crawlTime: job.created_at,
  });
}

/** The change report kept for a local job. */
export function localChanges(db: Database, jobId: string): Promise<CrawlChanges> {
  return readChanges(db, LAYOUT, jobId);
}
