/** The account tokens table and its index (also in Postgres step 71). */
export const accountTokens = `CREATE TABLE account_tokens (
  token_hash TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('confirm', 'reset')),
  expires_at TEXT NOT NULL,
  used_at TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX account_tokens_user ON account_tokens(user_id, kind);`;

/** The IndexNow keys table (also in Postgres step 71). */
export const indexnowKeys = `CREATE TABLE indexnow_keys (
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  host TEXT NOT NULL,
  key TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (user_id, host)
) WITHOUT ROWID;`;

/**
 * Account tokens (e-mail confirmation, password reset), PayPal orders and IndexNow keys.
 * Every row belongs to a user and goes with it (ON DELETE CASCADE): deleting an account purges it.
 */
export const up = `
${accountTokens}

CREATE TABLE payment_orders (
  id TEXT PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  paypal_order_id TEXT UNIQUE,
  amount TEXT NOT NULL,
  currency TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('created', 'captured', 'rejected')),
  capture_id TEXT,
  failure TEXT,
  pro_until TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  captured_at TEXT
);
CREATE INDEX payment_orders_user ON payment_orders(user_id);

${indexnowKeys}
`;
