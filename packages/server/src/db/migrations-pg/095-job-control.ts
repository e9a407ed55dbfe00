/** Postgres twin of SQLite step 95: what the owner asked of a crawl or an audit under way. */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN control TEXT CHECK (control IN ('stop', 'pause'));
ALTER TABLE audit_jobs ADD COLUMN control TEXT CHECK (control IN ('stop'));
`;
