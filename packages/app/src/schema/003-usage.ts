/**
 * Usage counters: pages charged per user per calendar month (UTC), and timestamped events for
 * rolling-window rate limits keyed by a bucket name (e.g. the fetch-sitemap limit per IP).
 */
export const up = `
CREATE TABLE usage_months (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  month TEXT NOT NULL,
  pages INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, month)
) WITHOUT ROWID;

CREATE TABLE rate_events (
  id INTEGER PRIMARY KEY,
  bucket TEXT NOT NULL,
  at_ms INTEGER NOT NULL
);
CREATE INDEX rate_events_bucket ON rate_events(bucket, at_ms);
`;
