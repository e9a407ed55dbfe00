/** Postgres twin of SQLite step 101: the brand of a user's client reports. */
export const up = `
CREATE TABLE report_brands (
  user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  agency_name TEXT NOT NULL,
  accent TEXT NOT NULL,
  logo BYTEA,
  logo_type TEXT,
  updated_at TEXT NOT NULL
);
`;
