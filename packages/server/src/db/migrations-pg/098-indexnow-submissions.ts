/** Postgres twin of SQLite step 98: the kept IndexNow answers, one row per user, site and URL set. */
export const up = `
CREATE TABLE indexnow_submissions (
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  host TEXT NOT NULL,
  urls_hash TEXT NOT NULL,
  job_id TEXT,
  urls INTEGER NOT NULL,
  result TEXT NOT NULL,
  tried_at TEXT NOT NULL,
  sent_at TEXT,
  PRIMARY KEY (user_id, host, urls_hash)
);
CREATE INDEX indexnow_submissions_job ON indexnow_submissions(user_id, job_id, tried_at);
`;
