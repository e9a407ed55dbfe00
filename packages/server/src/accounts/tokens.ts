import { createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';

/** What a token proves: ownership of the address (confirm) or the right to set a password (reset). */
export type TokenKind = 'confirm' | 'reset';

/** How long each kind stays valid: confirm 24 h, reset 1 h (decisions.md). */
export const TOKEN_TTL_MS: Readonly<Record<TokenKind, number>> = {
  confirm: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** Tokens are stored only as their SHA-256: a leaked database yields no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a new token of `kind` for a user (32 random bytes, base64url) and withdraws the
 * user's earlier unused tokens of that kind, so only the newest link works.
 */
export async function issueToken(
  db: Database,
  userId: number,
  kind: TokenKind,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.run('DELETE FROM account_tokens WHERE user_id = ? AND kind = ? AND used_at IS NULL', [
      userId,
      kind,
    ]);
    await tx.run(
      'INSERT INTO account_tokens (token_hash, user_id, kind, expires_at) VALUES (?, ?, ?, ?)',
      [hashToken(token), userId, kind, new Date(now + TOKEN_TTL_MS[kind]).toISOString()],
    );
  });
  return token;
}

/**
 * Spends a token: answers its user id if the token exists, is of `kind`, is unexpired and
 * unused, and marks it used in the same statement, so two concurrent uses cannot both pass.
 */
export async function consumeToken(
  db: Database,
  token: string,
  kind: TokenKind,
  now = Date.now(),
): Promise<number | null> {
  if (token.length > 200) return null;
  const at = new Date(now).toISOString();
  return db.transaction(async (tx) => {
    const row = await tx.first<{ user_id: number }>(
      `SELECT user_id FROM account_tokens
        WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
      [hashToken(token), kind, at],
    );
    if (!row) return null;
    await tx.run('UPDATE account_tokens SET used_at = ? WHERE token_hash = ?', [
      at,
      hashToken(token),
    ]);
    return row.user_id;
  });
}
