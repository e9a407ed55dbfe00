/**
 * A schedule run is a leased claim (issue 27 point 2), not `'claim:<ms>'` text in
 * `running_job_id`: each step of a run (its start, its after-run actions) is held under a fresh
 * token until `claim_expires_ms`; a lease that runs out is taken over, and only the token's
 * holder can write the step's outcome. Old text claims are dropped: their schedule is still due
 * at the same slot, so the next pass runs it. `late_slot_ms` keeps the slot a run started late
 * for (the app was not running, or the previous run had not ended), so the schedule says so.
 */
export const up = `
ALTER TABLE crawl_schedules ADD COLUMN claim_token TEXT;
ALTER TABLE crawl_schedules ADD COLUMN claim_expires_ms INTEGER;
ALTER TABLE crawl_schedules ADD COLUMN late_slot_ms INTEGER;
UPDATE crawl_schedules SET running_job_id = NULL WHERE running_job_id LIKE 'claim:%';
`;
