/** The twin of SQLite step 98 (`sitemap-order`): the index of the listed URLs in sitemap order. */
export const up = `
CREATE INDEX crawl_pages_sitemap_order ON crawl_pages(job_id, included, depth, url, seq);
`;
