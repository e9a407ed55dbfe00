/**
 * The twin of SQLite step 99 (`sitemap-order`): the index of the listed URLs in sitemap order,
 * and those of the URL table's sorts that put rows without an answer last (the same text).
 */
export const up = `
CREATE INDEX crawl_pages_sitemap_order ON crawl_pages(job_id, included, depth, url, seq);
CREATE INDEX crawl_pages_status_up ON crawl_pages(job_id,
  (CASE WHEN status = 0 THEN 1000000000 ELSE status END), seq);
CREATE INDEX crawl_pages_time_up ON crawl_pages(job_id,
  (CASE WHEN status = 0 THEN 1000000000 ELSE response_ms END), seq);
CREATE INDEX crawl_pages_time_down ON crawl_pages(job_id,
  (CASE WHEN status = 0 THEN -1 ELSE response_ms END), seq);
`;
