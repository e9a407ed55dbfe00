/**
 * Stop, pause and resume (issue 30): what the owner asked of a job that has not ended. On a
 * crawl, `stop` ends it with what it stored, and `pause` releases its claim and keeps its
 * frontier: a pending row with `pause` is a paused crawl, which no worker claims. On an audit,
 * `stop` ends it with the URLs checked so far. The worker holding the claim reads it.
 */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN control TEXT CHECK (control IN ('stop', 'pause'));
ALTER TABLE audit_jobs ADD COLUMN control TEXT CHECK (control IN ('stop'));
`;
