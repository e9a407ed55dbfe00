/** The twin of SQLite step 95 (`crawl-storage`): the bytes a job stores and its owner's budget. */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN stored_bytes BIGINT NOT NULL DEFAULT 0;
ALTER TABLE crawl_jobs ADD COLUMN storage_budget BIGINT;
UPDATE crawl_jobs SET stored_bytes = COALESCE(
  (SELECT SUM(LENGTH(p.record) + LENGTH(p.key)) FROM crawl_pages p WHERE p.job_id = crawl_jobs.id), 0);
`;
