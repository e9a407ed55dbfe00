/** Postgres twin of SQLite step 96: the live-sitemap comparison as a leased job per crawl. */
export const up = `
CREATE TABLE sitemap_compare_jobs (
  job_id TEXT PRIMARY KEY REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  error TEXT,
  attempts BIGINT NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_expires_at BIGINT,
  created_ms BIGINT NOT NULL,
  finished_at TEXT
);
CREATE INDEX sitemap_compare_jobs_status ON sitemap_compare_jobs(status, created_ms);
CREATE INDEX sitemap_compare_jobs_user ON sitemap_compare_jobs(user_id, status);
`;
