/** The audit jobs table and its indexes (also in Postgres step 71). */
export const auditJobs = `CREATE TABLE audit_jobs (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  source_url TEXT,
  content TEXT,
  status TEXT NOT NULL CHECK (status IN ('pending', 'running', 'completed', 'failed')),
  listed INTEGER NOT NULL DEFAULT 0,
  total INTEGER NOT NULL DEFAULT 0,
  checked INTEGER NOT NULL DEFAULT 0,
  sitemaps INTEGER NOT NULL DEFAULT 0,
  truncated INTEGER NOT NULL DEFAULT 0,
  validation TEXT,
  month_quota INTEGER,
  error TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_expires_at INTEGER,
  created_at TEXT NOT NULL,
  created_ms INTEGER NOT NULL,
  finished_at TEXT
);
CREATE INDEX audit_jobs_status ON audit_jobs(status, created_ms);
CREATE INDEX audit_jobs_user ON audit_jobs(user_id, created_ms);`;

/** The audit URLs table and its indexes (also in Postgres step 71). */
export const auditUrls = `CREATE TABLE audit_urls (
  seq INTEGER PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES audit_jobs(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  sitemap TEXT,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'leased', 'done')),
  verdict TEXT,
  status INTEGER,
  redirect_status INTEGER,
  redirect_target TEXT,
  noindex INTEGER,
  canonical TEXT,
  blocked INTEGER,
  content_type TEXT,
  response_ms INTEGER,
  error TEXT,
  UNIQUE (job_id, url)
);
CREATE INDEX audit_urls_queue ON audit_urls(job_id, state, seq);
CREATE INDEX audit_urls_verdict ON audit_urls(job_id, verdict, seq);`;

/**
 * The sitemap audit (issue 14): a job row with its lease (the same rails as crawl jobs), and
 * one row per listed URL that is its queue entry and, once checked, its result. A URL is
 * marked done in the transaction that saves its result, so a resumed job never checks a
 * saved URL again.
 */
export const up = `
${auditJobs}

${auditUrls}
`;
