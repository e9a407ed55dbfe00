/**
 * The report's text columns compared byte by byte (`COLLATE "C"`), as SQLite compares text:
 * the URL table sorted by URL or title, its keyset pages and its exports then come out in the
 * same order, and so with the same bytes, on both databases, whatever locale the Postgres
 * cluster was created with (a language collation would sort `B` after `a`, and ignore dashes).
 * The sort indexes on these columns are rebuilt with them. Postgres only: SQLite already compares
 * text that way (its BINARY collation), so the step has no SQLite text.
 */
export const postgres = `
ALTER TABLE crawl_pages
  ALTER COLUMN url TYPE TEXT COLLATE "C",
  ALTER COLUMN title TYPE TEXT COLLATE "C";
ALTER TABLE crawl_inlinks ALTER COLUMN from_url TYPE TEXT COLLATE "C";
`;
