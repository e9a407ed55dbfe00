/**
 * The client addresses a schedule mails its report to (issue 29 point 3): one row per
 * schedule and address, with the unguessable token of its unsubscribe link and when the
 * address unsubscribed. An unsubscribed row stays (the owner sees who left, and adding the
 * address again does not mail it); deleting the schedule or the account deletes the rows.
 */
export const up = `
CREATE TABLE schedule_recipients (
  schedule_id TEXT NOT NULL REFERENCES crawl_schedules(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  unsubscribed_at TEXT,
  created_at TEXT NOT NULL,
  PRIMARY KEY (schedule_id, email)
);
`;
