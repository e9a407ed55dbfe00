/**
 * The storage budget of a user's crawls (issue 30 point 2): each job counts the bytes its stored
 * pages hold (`stored_bytes`, the record JSON and key as the crawl store writes them) and keeps
 * its owner's budget when it started (`storage_budget`, bytes; null: none). Existing jobs are
 * counted once here.
 */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN stored_bytes INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_jobs ADD COLUMN storage_budget INTEGER;
UPDATE crawl_jobs SET stored_bytes = COALESCE(
  (SELECT SUM(LENGTH(p.record) + LENGTH(p.key)) FROM crawl_pages p WHERE p.job_id = crawl_jobs.id), 0);
`;
