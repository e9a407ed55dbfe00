import { reportSchemaSql } from '@mapsmith/core';

/**
 * The crawl report (issue 11): report columns beside each page record, so the URL table
 * filters, sorts and pages in SQL (keyset on `(column, seq)`, one index per sort and one per sort within a verdict), the counts
 * per verdict kept current as pages are saved, and the job's outcome and live progress.
 * `pages_crawled` counts pages (2xx HTML, core `countsAsPage`) from here on; rows written
 * before keep the count they had. Existing rows are filled from their records.
 */
export const up = reportSchemaSql({
  pages: 'crawl_pages',
  counts: 'crawl_report_counts',
  jobs: 'crawl_jobs',
  inlinksSql:
    '(SELECT COUNT(*) FROM crawl_inlinks i WHERE i.job_id = crawl_pages.job_id AND i.key = crawl_pages.key)',
});
