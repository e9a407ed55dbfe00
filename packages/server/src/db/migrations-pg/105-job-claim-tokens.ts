/** The twin of SQLite step 105 (`job-claim-tokens`): claim tokens on audits and comparisons. */
export const up = `
ALTER TABLE audit_jobs ADD COLUMN claim_token TEXT;
ALTER TABLE sitemap_compare_jobs ADD COLUMN claim_token TEXT;
`;
