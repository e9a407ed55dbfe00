/**
 * A schedule's runs on the one leased-job engine (issue 27 point 1): each step of a schedule (the
 * start of a due run, the end of a run whose crawl ended) is one row of `schedule_runs`, claimed,
 * heartbeated and ended under a fresh token like any job. A row per step, not the schedule row
 * itself, because a leased job ends (`completed`, `failed`) and a schedule recurs. The partial
 * unique index lets a schedule have one open step at a time, across every node. The schedule's
 * own claim columns of step 106 are no longer read.
 */
export const up = `
CREATE TABLE schedule_runs (
  id TEXT PRIMARY KEY,
  schedule_id TEXT NOT NULL REFERENCES crawl_schedules(id) ON DELETE CASCADE,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  run_job_id TEXT,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INTEGER NOT NULL DEFAULT 0,
  lease_owner TEXT,
  lease_expires_at INTEGER,
  claim_token TEXT,
  created_ms INTEGER NOT NULL,
  finished_at TEXT,
  outcome TEXT,
  error TEXT
);
CREATE UNIQUE INDEX schedule_runs_open ON schedule_runs(schedule_id) WHERE status IN ('pending', 'running');
CREATE INDEX schedule_runs_status ON schedule_runs(status, created_ms);
CREATE INDEX schedule_runs_job ON schedule_runs(schedule_id, run_job_id);
`;
