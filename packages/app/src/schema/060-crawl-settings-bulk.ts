/** The bulk table and its index (also in Postgres step 71). */
export const bulkCrawls = `CREATE TABLE bulk_crawls (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  settings TEXT,
  rejected TEXT NOT NULL,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL
);
CREATE INDEX bulk_crawls_user ON bulk_crawls(user_id, created_ms);`;

/**
 * Crawl settings and bulk crawls (issue 13). Each job keeps the settings it runs with (JSON, null
 * for the defaults), and a job started by a bulk list names its bulk and the list's line. The
 * bulk row keeps what the list said beyond its crawls: the settings and the lines refused.
 * `crawl_jobs_user_status` serves the per-user cap of crawls running at once in the claim query.
 */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN settings TEXT;
ALTER TABLE crawl_jobs ADD COLUMN bulk_id TEXT;
ALTER TABLE crawl_jobs ADD COLUMN bulk_line INTEGER;
CREATE INDEX crawl_jobs_user_status ON crawl_jobs(user_id, status);
CREATE INDEX crawl_jobs_bulk ON crawl_jobs(bulk_id, bulk_line) WHERE bulk_id IS NOT NULL;

${bulkCrawls}
`;
