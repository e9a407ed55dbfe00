/** Postgres twin of SQLite step 80: the claim token of a crawl job's current claim. */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN claim_token TEXT;
`;
