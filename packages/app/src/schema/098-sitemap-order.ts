/**
 * The sitemap order (issue 25 point 10, core `export/order.ts`): a job's listed URLs read by
 * depth, then URL, so every export and the results preview list the start page first and the
 * same site gives the same order on every run. One index serves those reads page by page.
 */
export const up = `
CREATE INDEX crawl_pages_sitemap_order ON crawl_pages(job_id, included, depth, url, seq);
`;
