/**
 * The live sitemap against a crawl (issue 14): the last comparison of a crawl (its figures)
 * and one row per URL with a finding, replaced when the comparison runs again.
 */
export const up = `
CREATE TABLE crawl_sitemap_runs (
  job_id TEXT PRIMARY KEY REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  summary TEXT NOT NULL
);

CREATE TABLE crawl_sitemap_urls (
  seq INTEGER PRIMARY KEY,
  job_id TEXT NOT NULL REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  in_sitemap INTEGER NOT NULL,
  flags TEXT NOT NULL,
  not_indexable INTEGER NOT NULL,
  orphan INTEGER NOT NULL,
  missing INTEGER NOT NULL,
  duplicate INTEGER NOT NULL,
  lastmod_newer INTEGER NOT NULL,
  finding TEXT NOT NULL
);
CREATE INDEX crawl_sitemap_urls_job ON crawl_sitemap_urls(job_id, seq);
CREATE INDEX crawl_sitemap_urls_url ON crawl_sitemap_urls(job_id, url);
`;
