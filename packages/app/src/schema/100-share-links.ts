/**
 * Share links of a crawl's report (issue 29 point 3): an unguessable token (only its SHA-256
 * kept), the crawl it shows, its owner, when it was made, when it expires (NULL: never) and
 * when it was revoked. A link dies with its crawl or its owner.
 */
export const up = `
CREATE TABLE share_links (
  id INTEGER PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  job_id TEXT NOT NULL REFERENCES crawl_jobs(id) ON DELETE CASCADE,
  owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  expires_at TEXT,
  revoked_at TEXT
);
CREATE INDEX share_links_owner ON share_links(owner_id, job_id, created_at);
`;
