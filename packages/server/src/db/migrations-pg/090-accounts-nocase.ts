/**
 * Twin of SQLite's step 90. Postgres text compares with case, so these `lower()` indexes are
 * UNIQUE: they give usernames and addresses the NOCASE uniqueness SQLite's columns have, and a
 * racing duplicate fails with 23505 like SQLite's UNIQUE constraint.
 */
export const up = `
CREATE UNIQUE INDEX users_username_lower ON users (lower(username));
CREATE UNIQUE INDEX users_email_lower ON users (lower(email));
`;
