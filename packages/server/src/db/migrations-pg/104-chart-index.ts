/** The twin of SQLite step 104 (`chart-index`): the index the report's charts count from. */
export const up = `
CREATE INDEX crawl_pages_charts ON crawl_pages(job_id, reason, status, response_ms);
`;
