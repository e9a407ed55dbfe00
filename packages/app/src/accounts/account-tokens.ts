import type { SqlDatabase, SqlQueryable } from '@mapsmith/core';
import type { AccountTokenKind, AccountTokenRepository } from './ports.js';

/** One-time links (confirmation, reset) over the SQL port. */
export class SqlAccountTokenRepository implements AccountTokenRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /**
   * Under the user's lock for the kind, so two requests for a link leave exactly one unused
   * token (the later one) rather than two live links.
   */
  async issue(
    userId: number,
    kind: AccountTokenKind,
    tokenHash: string,
    expiresAt: string,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.lock(`account-token:${kind}:${userId}`);
      await tx.run(
        'DELETE FROM account_tokens WHERE user_id = ? AND kind = ? AND used_at IS NULL',
        [userId, kind],
      );
      await tx.run(
        'INSERT INTO account_tokens (token_hash, user_id, kind, expires_at) VALUES (?, ?, ?, ?)',
        [tokenHash, userId, kind, expiresAt],
      );
    });
  }

  /** One conditional UPDATE ... RETURNING: the row can be spent once, whoever races for it. */
  consume(tokenHash: string, kind: AccountTokenKind, now: string): Promise<number | null> {
    return this.db.transaction((tx) => spend(tx, tokenHash, kind, now));
  }

  /** The same conditions as `spend`, read without spending. */
  async isLive(tokenHash: string, kind: AccountTokenKind, now: string): Promise<boolean> {
    const row = await this.db.first<{ live: number }>(
      `SELECT 1 AS live FROM account_tokens
        WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?`,
      [tokenHash, kind, now],
    );
    return row !== undefined;
  }

  /** The first confirmation's time is kept. */
  redeemConfirmation(tokenHash: string, now: string): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const userId = await spend(tx, tokenHash, 'confirm', now);
      if (userId === null) return null;
      await tx.run(
        'UPDATE users SET email_confirmed_at = COALESCE(email_confirmed_at, ?) WHERE id = ?',
        [now, userId],
      );
      return userId;
    });
  }

  /** Every credential of the account changes together, or none does. */
  redeemReset(
    tokenHash: string,
    now: string,
    passwordHash: string,
  ): Promise<{ userId: number; revokedTokens: number } | null> {
    return this.db.transaction(async (tx) => {
      const userId = await spend(tx, tokenHash, 'reset', now);
      if (userId === null) return null;
      await tx.run(
        `UPDATE users SET password_hash = ?, email_confirmed_at = COALESCE(email_confirmed_at, ?)
          WHERE id = ?`,
        [passwordHash, now, userId],
      );
      await tx.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
      const { changes } = await tx.run(
        'UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
        [now, userId],
      );
      return { userId, revokedTokens: changes };
    });
  }

  /** A second click on a confirmation link whose address is confirmed. */
  async spentOnConfirmedAddress(tokenHash: string): Promise<boolean> {
    const row = await this.db.first<{ confirmed: string | null }>(
      `SELECT u.email_confirmed_at AS confirmed FROM account_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ? AND t.kind = 'confirm' AND t.used_at IS NOT NULL`,
      [tokenHash],
    );
    return Boolean(row?.confirmed);
  }
}

/** Marks the token used if it is of `kind`, unexpired and unused; its user id, else null. */
async function spend(
  tx: SqlQueryable,
  tokenHash: string,
  kind: AccountTokenKind,
  now: string,
): Promise<number | null> {
  const row = await tx.first<{ user_id: number }>(
    `UPDATE account_tokens SET used_at = ?
      WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
      RETURNING user_id`,
    [now, tokenHash, kind, now],
  );
  return row ? Number(row.user_id) : null;
}
