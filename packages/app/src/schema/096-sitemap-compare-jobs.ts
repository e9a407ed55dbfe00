/**
 * The live-sitemap comparison as a job (issue 30, point 8): one row per crawl, waiting or
 * running on a lease like an audit, so the worker pool runs it outside the request and a
 * restart hands it over. The findings stay in `crawl_sitemap_runs` and `crawl_sitemap_urls`.
 */
export const up = `
CREATE TABLE sitemap_compare_jobs (
  job_id TEXT PRIMARY KEY REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_expires_at INTEGER,
  created_ms INTEGER NOT NULL,
  finished_at TEXT
);
CREATE INDEX sitemap_compare_jobs_status ON sitemap_compare_jobs(status, created_ms);
CREATE INDEX sitemap_compare_jobs_user ON sitemap_compare_jobs(user_id, status);
`;
