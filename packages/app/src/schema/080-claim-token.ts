/**
 * Claim fencing (issue 16): every claim of a crawl job gets a fresh random token, and the
 * writes of the worker that holds it (heartbeat, page charge, completion) act only while the
 * row still carries that token, so a worker that lost its claim can neither charge nor finish.
 */
export const up = `
ALTER TABLE crawl_jobs ADD COLUMN claim_token TEXT;
`;
