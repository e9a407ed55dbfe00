/** The SEO analysis of a completed crawl, computed once on first request and kept as JSON. */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN seo_analysis TEXT;
`;
