import { toPostgres } from './step.js';

/**
 * What IndexNow answered, kept (issue 26 point 5, walkthrough defect 28): one row per user, site
 * and set of URLs (a hash of the sorted list), holding the last answer, the crawl it came from,
 * when it was tried and when IndexNow last accepted that same set. The crawl page shows the
 * answer after a reload, and a second submission of the same URLs says when they were last sent.
 */
export const up = `
CREATE TABLE indexnow_submissions (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  host TEXT NOT NULL,
  urls_hash TEXT NOT NULL,
  job_id TEXT,
  urls INTEGER NOT NULL,
  result TEXT NOT NULL,
  tried_at TEXT NOT NULL,
  sent_at TEXT,
  PRIMARY KEY (user_id, host, urls_hash)
) WITHOUT ROWID;
CREATE INDEX indexnow_submissions_job ON indexnow_submissions(user_id, job_id, tried_at);
`;

/**
 * Postgres' step 98 landed with `urls INTEGER` (not BIGINT as `toPostgres` writes): kept as it
 * ran, so a fresh database and an upgraded one have the same column.
 */
export const postgres = toPostgres(up).replace('urls BIGINT', 'urls INTEGER');
