import type { SqlDatabase } from '@mapsmith/core';
import type { AccountTokenKind, AccountTokenRepository } from '../../ports-accounts.js';

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
  async consume(tokenHash: string, kind: AccountTokenKind, now: string): Promise<number | null> {
    const row = await this.db.transaction((tx) =>
      tx.first<{ user_id: number }>(
        `UPDATE account_tokens SET used_at = ?
          WHERE token_hash = ? AND kind = ? AND used_at IS NULL AND expires_at > ?
          RETURNING user_id`,
        [now, tokenHash, kind, now],
      ),
    );
    return row ? Number(row.user_id) : null;
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
