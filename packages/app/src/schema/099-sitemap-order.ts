/**
 * The sitemap order (issue 25 point 10, core `export/order.ts`): a job's listed URLs read by
 * depth, then URL, so every export and the results preview list the start page first and the
 * same site gives the same order on every run. One index serves those reads page by page.
 * And the URL table's status and response-time sorts put rows without an answer last in both
 * directions (issue 25 point 4): one index per sort expression (core `report/query.ts`
 * `EMPTY_LAST`, the same text), so their pages stay as cheap as the others.
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
