/**
 * Pro API tokens (decisions.md plans table). Only the SHA-256 of a token is stored: the token is
 * shown once at creation. A revoked token keeps its row (revoked_at) until its user is deleted.
 */
export const up = `
CREATE TABLE api_tokens (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  last_used_at TEXT,
  revoked_at TEXT
);
CREATE INDEX api_tokens_user ON api_tokens(user_id, revoked_at);
`;
