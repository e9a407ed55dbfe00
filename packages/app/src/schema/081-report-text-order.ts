/**
 * The twin of Postgres step 81 (the report's text columns compared byte by byte). SQLite
 * already compares text that way (its BINARY collation), so nothing changes here; the step
 * keeps the two lists' ids alike.
 */
export const up = `
SELECT 1;
`;
