/**
 * The crawl report (issue 11): report columns beside each page record, so the URL table
 * filters, sorts and pages in SQL (keyset on `(column, seq)`, one index per sort and one per sort within a verdict), the counts
 * per verdict kept current as pages are saved, and the job's outcome and live progress.
 * `pages_crawled` counts pages (2xx HTML, core `countsAsPage`) from here on; rows written
 * before keep the count they had. Existing rows are filled from their records.
 */
export const up = `
ALTER TABLE crawl_pages ADD COLUMN status INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_pages ADD COLUMN reason TEXT NOT NULL DEFAULT 'error';
ALTER TABLE crawl_pages ADD COLUMN verdict TEXT NOT NULL DEFAULT '';
ALTER TABLE crawl_pages ADD COLUMN depth INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_pages ADD COLUMN inlinks INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_pages ADD COLUMN response_ms INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_pages ADD COLUMN content_type TEXT;
ALTER TABLE crawl_pages ADD COLUMN rendered INTEGER NOT NULL DEFAULT 0;
ALTER TABLE crawl_pages ADD COLUMN render_reason TEXT;
ALTER TABLE crawl_pages ADD COLUMN is_page INTEGER NOT NULL DEFAULT 0;

UPDATE crawl_pages SET
  status = COALESCE(json_extract(record, '$.redirectChain[0].status'), json_extract(record, '$.status'), 0),
  reason = CASE WHEN included = 1 THEN 'listed'
                ELSE IFNULL(json_extract(record, '$.verdict.code'), 'error') END,
  verdict = CASE
    WHEN included = 1 THEN 'listed'
    WHEN json_extract(record, '$.verdict.code') = 'content-type' THEN 'not HTML'
    WHEN json_extract(record, '$.verdict.code') = 'query' THEN 'crawled but not listed (query string)'
    WHEN json_extract(record, '$.verdict.code') = 'robots' THEN 'blocked by robots.txt'
    WHEN json_extract(record, '$.verdict.code') = 'error' THEN
      IFNULL('no answer (' || json_extract(record, '$.error') || ')', 'no answer')
    ELSE replace(replace(IFNULL(json_extract(record, '$.verdict.reason'), ''),
                         'excluded: ', ''), ' -> ', ' → ') END,
  depth = IFNULL(json_extract(record, '$.depth'), 0),
  inlinks = (SELECT COUNT(*) FROM crawl_inlinks i WHERE i.job_id = crawl_pages.job_id AND i.key = crawl_pages.key),
  response_ms = IFNULL(json_extract(record, '$.responseTimeMs'), 0),
  content_type = json_extract(record, '$.contentType'),
  rendered = IFNULL(json_extract(record, '$.rendered'), 0),
  render_reason = json_extract(record, '$.renderReason'),
  is_page = (IFNULL(json_extract(record, '$.status'), 0) BETWEEN 200 AND 299
             AND json_array_length(record, '$.redirectChain') = 0
             AND json_extract(record, '$.contentType') IN ('text/html', 'application/xhtml+xml'));

CREATE INDEX crawl_pages_reason ON crawl_pages(job_id, reason, seq);
CREATE INDEX crawl_pages_url ON crawl_pages(job_id, url, seq);
CREATE INDEX crawl_pages_status ON crawl_pages(job_id, status, seq);
CREATE INDEX crawl_pages_title ON crawl_pages(job_id, COALESCE(title, ''), seq);
CREATE INDEX crawl_pages_depth ON crawl_pages(job_id, depth, seq);
CREATE INDEX crawl_pages_inlinks ON crawl_pages(job_id, inlinks, seq);
CREATE INDEX crawl_pages_time ON crawl_pages(job_id, response_ms, seq);
CREATE INDEX crawl_pages_reason_url ON crawl_pages(job_id, reason, url, seq);
CREATE INDEX crawl_pages_reason_status ON crawl_pages(job_id, reason, status, seq);
CREATE INDEX crawl_pages_reason_title ON crawl_pages(job_id, reason, COALESCE(title, ''), seq);
CREATE INDEX crawl_pages_reason_depth ON crawl_pages(job_id, reason, depth, seq);
CREATE INDEX crawl_pages_reason_inlinks ON crawl_pages(job_id, reason, inlinks, seq);
CREATE INDEX crawl_pages_reason_time ON crawl_pages(job_id, reason, response_ms, seq);

CREATE TABLE crawl_report_counts (
  job_id TEXT NOT NULL REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  reason TEXT NOT NULL,
  n INTEGER NOT NULL,
  PRIMARY KEY (job_id, reason)
) WITHOUT ROWID;
INSERT INTO crawl_report_counts (job_id, reason, n)
  SELECT job_id, reason, COUNT(*) FROM crawl_pages GROUP BY job_id, reason;

ALTER TABLE crawl_jobs ADD COLUMN outcome TEXT;
ALTER TABLE crawl_jobs ADD COLUMN progress TEXT;
`;
