import { changeSchemaSql } from '@mapsmith/core';

/** The schedules table and its indexes (also in Postgres step 71). */
export const schedules = `CREATE TABLE crawl_schedules (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('daily', 'weekly', 'monthly')),
  weekday INTEGER,
  month_day INTEGER,
  time_of_day TEXT NOT NULL,
  time_zone TEXT NOT NULL,
  settings TEXT NOT NULL DEFAULT '{}',
  after_publish INTEGER NOT NULL DEFAULT 0,
  after_mail INTEGER NOT NULL DEFAULT 0,
  after_indexnow INTEGER NOT NULL DEFAULT 0,
  paused INTEGER NOT NULL DEFAULT 0,
  token TEXT NOT NULL UNIQUE,
  next_run_ms INTEGER NOT NULL,
  running_job_id TEXT,
  last_job_id TEXT,
  last_run_at TEXT,
  last_error TEXT,
  published_job_id TEXT,
  published_at TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX crawl_schedules_due ON crawl_schedules(next_run_ms);
CREATE INDEX crawl_schedules_user ON crawl_schedules(user_id, created_at);`;

/**
 * Scheduled crawls and the change report (issue 13). Each page row gets its change kind since
 * the previous crawl of the site and each job its change summary (core `changeSchemaSql`).
 * A schedule row holds its timing, settings and after-run actions, when it is next due, the job
 * of the run going on (at most one: the claim sets it), and the token of its stable sitemap URL.
 */
export const up = `
${changeSchemaSql({ pages: 'crawl_pages', jobs: 'crawl_jobs' })}

CREATE INDEX crawl_jobs_user_url ON crawl_jobs(user_id, url, created_ms);

${schedules}
`;
