import { likePattern, type SqlDatabase, type SqlParam } from '@mapsmith/core';
import type { HistoryJobRecord, HistoryPage, HistoryQuery } from '../crawl/ports.js';
import type { SecretBox } from '../secrets/secret-box.js';
import { type CrawlJobRow, JOB_COLUMNS, toJob } from './rows.js';

/** A job row with what the history adds: listed count, why nothing was listed, SEO score. */
type HistoryRow = CrawlJobRow & {
  listed: number | null;
  nothing_listed: string | null;
  score: number | null;
};

/** The columns of a history row: the job's, and what its kept outcome and analysis say. */
export function historyColumns(db: SqlDatabase): string {
  const { dialect } = db;
  // A completed job without a kept outcome (older jobs) counts its listed rows.
  return `${JOB_COLUMNS},
    CASE WHEN status = 'completed' THEN COALESCE(${dialect.jsonNumber('outcome', ['listed'])},
      (SELECT n FROM crawl_report_counts c WHERE c.job_id = crawl_jobs.id AND c.reason = 'listed'),
      0) END AS listed,
    ${dialect.jsonText('outcome', ['nothingListed'])} AS nothing_listed,
    ${dialect.jsonNumber('seo_analysis', ['score'])} AS score`;
}

/** A history row as the record the answers present. */
export function toHistoryJob(row: HistoryRow, box: SecretBox): HistoryJobRecord {
  return {
    ...toJob(row, box),
    listed: row.listed === null ? null : { count: row.listed, nothingListed: row.nothing_listed },
    score: row.score === null ? null : Number(row.score),
  };
}

/** The ORDER BY of a sort; ties go newest first, and unscored crawls last by score. */
function orderBy(query: HistoryQuery): string {
  const dir = query.dir === 'asc' ? 'ASC' : 'DESC';
  const newest = 'created_ms DESC, rowid DESC';
  if (query.sort === 'pages') return `pages_crawled ${dir}, ${newest}`;
  if (query.sort === 'score') return `(score IS NULL), score ${dir}, ${newest}`;
  return `created_ms ${dir}, rowid ${dir}`;
}

/**
 * One page of the user's crawls matching the search and status filter, with the number that
 * match and the user's total. `offset` past the last match reads no rows (the caller refuses it).
 */
export async function historyPage(
  db: SqlDatabase,
  userId: number,
  query: HistoryQuery,
  box: SecretBox,
): Promise<HistoryPage> {
  const where = ['user_id = ?'];
  const params: SqlParam[] = [userId];
  if (query.q) {
    where.push(db.dialect.likeNoCase('url', '?'));
    params.push(likePattern(query.q));
  }
  if (query.status) {
    where.push('status = ?');
    params.push(query.status);
  }
  const [counts, rows] = await Promise.all([
    db.first<{ matching: number; total: number }>(
      `SELECT COUNT(*) FILTER (WHERE ${where.join(' AND ')}) AS matching, COUNT(*) AS total
         FROM crawl_jobs WHERE user_id = ?`,
      [...params, userId],
    ),
    db.all<HistoryRow>(
      `SELECT * FROM (SELECT ${historyColumns(db)}, created_ms, rowid FROM crawl_jobs
                       WHERE ${where.join(' AND ')}) AS h
        ORDER BY ${orderBy(query)} LIMIT ? OFFSET ?`,
      [...params, query.limit, query.offset],
    ),
  ]);
  return {
    rows: rows.map((row) => toHistoryJob(row, box)),
    matching: Number(counts?.matching ?? 0),
    total: Number(counts?.total ?? 0),
  };
}

/**
 * Deletes the user's job (pages, frontier, report rows go with it: ON DELETE CASCADE) unless it
 * is running or is the crawl a schedule publishes, in one statement so a run that starts or a
 * schedule that publishes meanwhile is never cut off. Says which, or that it went.
 */
export async function deleteJob(
  db: SqlDatabase,
  jobId: string,
  userId: number,
): Promise<'deleted' | 'running' | 'published' | 'missing'> {
  const { changes } = await db.run(
    `DELETE FROM crawl_jobs WHERE id = ? AND user_id = ? AND status IN ('completed', 'failed')
        AND NOT EXISTS (SELECT 1 FROM crawl_schedules s WHERE s.published_job_id = crawl_jobs.id)`,
    [jobId, userId],
  );
  if (changes > 0) return 'deleted';
  const row = await db.first<{ status: string }>(
    'SELECT status FROM crawl_jobs WHERE id = ? AND user_id = ?',
    [jobId, userId],
  );
  if (!row) return 'missing';
  return row.status === 'completed' || row.status === 'failed' ? 'published' : 'running';
}
