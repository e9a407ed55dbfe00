import {
  type ChangeSummary,
  type CrawlChanges,
  compareCrawls,
  compareOnDemand,
  reachSettingsChanged,
  readChanges,
  type SqlDatabase,
  type SqlReader,
  startUrlVariants,
} from '@mapsmith/core';
import type { CrawlJobRecord } from '../crawl/ports.js';
import { parseSettings } from '../secrets/sealed-settings.js';
import { NO_SECRET_BOX } from '../secrets/secret-box.js';

const LAYOUT = { pages: 'crawl_pages', jobs: 'crawl_jobs' };

/**
 * Compares a job that is ending with the previous completed crawl of the same URL by the same
 * user (core `compareCrawls`): marks its rows, writes the honest lastmod, keeps the summary.
 * Null on a first crawl of the site.
 */
export async function compareWithPrevious(
  db: SqlDatabase,
  job: CrawlJobRecord,
): Promise<ChangeSummary | null> {
  const urls = startUrlVariants(job.url);
  const previous = await db.first<{ id: string; created_at: string; settings: string | null }>(
    `SELECT id, created_at, settings FROM crawl_jobs
      WHERE user_id = ? AND url IN (${urls.map(() => '?').join(', ')}) AND status = 'completed'
        AND id <> ? AND created_ms <= (SELECT created_ms FROM crawl_jobs WHERE id = ?)
      ORDER BY created_ms DESC, rowid DESC LIMIT 1`,
    [job.userId, ...urls, job.id, job.id],
  );
  if (!previous) return null;
  return compareCrawls(db, LAYOUT, {
    jobId: job.id,
    previousJobId: previous.id,
    previousAt: previous.created_at,
    crawlTime: job.startedAt ?? job.createdAt,
    settingsChanged: reachSettingsChanged(
      // The settings that decide a crawl's reach hold no secret: none is opened here.
      parseSettings(previous.settings, NO_SECRET_BOX),
      job.settings,
    ),
  });
}

/** The change report kept for a job. */
export function jobChanges(db: SqlReader, jobId: string): Promise<CrawlChanges> {
  return readChanges(db, LAYOUT, jobId);
}

/** The change report of a job against any `earlier` job of its owner (issue 26), kept nowhere. */
export function changesAgainst(
  db: SqlReader,
  job: CrawlJobRecord,
  earlier: CrawlJobRecord,
): Promise<CrawlChanges> {
  return compareOnDemand(db, LAYOUT, {
    jobId: job.id,
    previousJobId: earlier.id,
    previousAt: earlier.createdAt,
    settingsChanged: reachSettingsChanged(earlier.settings, job.settings),
  });
}
