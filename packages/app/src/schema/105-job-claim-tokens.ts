/**
 * One leased-job engine (issue 27 point 1): audits and live-sitemap comparisons get the crawl
 * jobs' fresh claim token per claim, so every kind's heartbeat, outcome and own rows are fenced
 * by the token of the claim that holds the job, not by the worker's owner id.
 */
export const up = `
ALTER TABLE audit_jobs ADD COLUMN claim_token TEXT;
ALTER TABLE sitemap_compare_jobs ADD COLUMN claim_token TEXT;
`;
