/**
 * Names and addresses are looked up as `lower(column) = lower(?)`, the form both databases
 * share (SQLite's columns are NOCASE, Postgres' text is case-sensitive): expression indexes keep
 * those lookups indexed. SQLite's NOCASE UNIQUE constraints already refuse duplicates.
 */
export const up = `
CREATE INDEX users_username_lower ON users(lower(username));
CREATE INDEX users_email_lower ON users(lower(email));
`;

/**
 * On Postgres the same indexes are UNIQUE: text there compares with case, so they give
 * usernames and addresses the NOCASE uniqueness SQLite's columns have, and a racing duplicate
 * fails with 23505 like SQLite's UNIQUE constraint.
 */
export const postgres = up.replaceAll('CREATE INDEX', 'CREATE UNIQUE INDEX');
