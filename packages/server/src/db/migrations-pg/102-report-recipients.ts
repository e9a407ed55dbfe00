/** Postgres twin of SQLite step 102: a schedule's client addresses and their unsubscribe state. */
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
