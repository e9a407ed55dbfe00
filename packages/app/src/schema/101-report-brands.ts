/**
 * The brand of a user's client reports (issue 29 point 3, Pro): the agency's name, its accent
 * colour (`#rrggbb`) and its logo (a checked PNG, JPEG or WebP of at most 200 KB, with its media
 * type). One row per user, gone with the account.
 */
export const up = `
CREATE TABLE report_brands (
  user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  agency_name TEXT NOT NULL,
  accent TEXT NOT NULL,
  logo BLOB,
  logo_type TEXT,
  updated_at TEXT NOT NULL
);
`;
