/** The twin of SQLite step 106 (`schedule-claims`): a schedule run's token and lease, its late slot. */
export const up = `
ALTER TABLE crawl_schedules ADD COLUMN claim_token TEXT;
ALTER TABLE crawl_schedules ADD COLUMN claim_expires_ms BIGINT;
ALTER TABLE crawl_schedules ADD COLUMN late_slot_ms BIGINT;
UPDATE crawl_schedules SET running_job_id = NULL WHERE running_job_id LIKE 'claim:%';
`;
