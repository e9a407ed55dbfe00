/** The frontier table and its index (also in Postgres step 71). */
export const frontier = `CREATE TABLE crawl_frontier (
  seq INTEGER PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  url TEXT NOT NULL,
  depth INTEGER NOT NULL,
  found_via TEXT NOT NULL,
  referrer TEXT,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'leased', 'done')),
  UNIQUE (job_id, key)
);
CREATE INDEX crawl_frontier_queue ON crawl_frontier(job_id, state, seq);`;

/** The inlinks table (also in Postgres step 71). */
export const inlinks = `CREATE TABLE crawl_inlinks (
  job_id TEXT NOT NULL REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  from_url TEXT NOT NULL,
  PRIMARY KEY (job_id, key, from_url)
) WITHOUT ROWID;`;

/**
 * Durable crawl jobs: the job row (with its lease), its frontier, the page records stored as
 * they arrive, and the inlinks seen. Pages are one row each, never a whole-crawl blob.
 */
export const up = `
CREATE TABLE crawl_jobs (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'crawling', 'completed', 'failed')),
  page_cap INTEGER NOT NULL,
  month_quota INTEGER,
  pages_crawled INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  summary TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_expires_at INTEGER,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  started_at TEXT,
  started_ms INTEGER,
  finished_at TEXT,
  duration_ms INTEGER
);
CREATE INDEX crawl_jobs_user_created ON crawl_jobs(user_id, created_ms);
CREATE INDEX crawl_jobs_status ON crawl_jobs(status, created_ms);

${frontier}

CREATE TABLE crawl_pages (
  seq INTEGER PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  url TEXT NOT NULL,
  title TEXT,
  included INTEGER NOT NULL,
  record TEXT NOT NULL,
  UNIQUE (job_id, key)
);
CREATE INDEX crawl_pages_job ON crawl_pages(job_id, seq);

${inlinks}
`;
