import type { SqlDatabase } from '@mapsmith/core';
import { isProAt } from '../plan/pro-now.js';
import type { ApiTokenInfo, ApiTokenRepository, BearerCount, SessionUserRow } from './ports.js';

interface TokenUserRow extends SessionUserRow {
  token_id: number;
  revoked_at: string | null;
}

/** API tokens over the SQL port; their request windows live in `rate_events`. */
export class SqlApiTokenRepository implements ApiTokenRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** Newest first. */
  async list(userId: number): Promise<ApiTokenInfo[]> {
    const rows = await this.db.all<ApiTokenInfo>(
      `SELECT id, name, created_at AS "createdAt", last_used_at AS "lastUsedAt" FROM api_tokens
        WHERE user_id = ? AND revoked_at IS NULL ORDER BY id DESC`,
      [userId],
    );
    return rows.map((r) => ({ ...r, id: Number(r.id) }));
  }

  /**
   * Counted and inserted under the user's lock: with many processes, a burst of requests
   * cannot pass the cap between the count and the insert.
   */
  create(
    userId: number,
    name: string,
    tokenHash: string,
    createdAt: string,
    cap: number,
  ): Promise<ApiTokenInfo | null> {
    return this.db.transaction(async (tx) => {
      await tx.lock(`api-tokens:${userId}`);
      const row = await tx.first<{ n: number }>(
        'SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL',
        [userId],
      );
      if (Number(row?.n ?? 0) >= cap) return null;
      const inserted = await tx.first<{ id: number }>(
        `INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)
         RETURNING id`,
        [userId, name, tokenHash, createdAt],
      );
      if (!inserted) throw new Error('The API token was not stored');
      return { id: Number(inserted.id), name, createdAt, lastUsedAt: null };
    });
  }

  /** Only a live token of this user. */
  async revoke(userId: number, id: number, at: string): Promise<boolean> {
    const { changes } = await this.db.run(
      'UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL',
      [at, id, userId],
    );
    return changes > 0;
  }

  /** A password reset: every live token goes. */
  async revokeAll(userId: number, at: string): Promise<number> {
    const { changes } = await this.db.run(
      'UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
      [at, userId],
    );
    return changes;
  }

  /**
   * The window's events are pruned, counted and written under the token's lock, so the limit
   * holds across processes without conflicts; only a counted request updates `last_used_at`.
   */
  countRequest(
    tokenHash: string,
    now: number,
    limit: number,
    windowMs: number,
  ): Promise<BearerCount> {
    return this.db.transaction(async (tx): Promise<BearerCount> => {
      // First, before any read: on Postgres a lock taken later would leave this transaction
      // reading the window from before the holder committed (and retrying on conflict).
      await tx.lock(`api-token:${tokenHash}`);
      const row = await tx.first<TokenUserRow>(
        `SELECT t.id AS token_id, t.revoked_at, u.id, u.username, u.email, u.email_confirmed_at,
                u.pro_until
           FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
        [tokenHash],
      );
      if (!row || row.revoked_at !== null) return { kind: 'invalid' };
      const tokenId = Number(row.token_id);
      const bucket = `api-token:${tokenId}`;
      await tx.run('DELETE FROM rate_events WHERE bucket = ? AND at_ms <= ?', [
        bucket,
        now - windowMs,
      ]);
      const counted = await tx.first<{ n: number; oldest: number | null }>(
        'SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM rate_events WHERE bucket = ?',
        [bucket],
      );
      const used = Number(counted?.n ?? 0);
      const resetMs = Number(counted?.oldest ?? now) + windowMs;
      const remaining = Math.max(0, limit - used);
      if (!isProAt(row.pro_until, now))
        return { kind: 'not-pro', rate: { limit, remaining, resetMs } };
      if (used >= limit) return { kind: 'limited', rate: { limit, remaining: 0, resetMs } };
      await tx.run('INSERT INTO rate_events (bucket, at_ms) VALUES (?, ?)', [bucket, now]);
      await tx.run('UPDATE api_tokens SET last_used_at = ? WHERE id = ?', [
        new Date(now).toISOString(),
        tokenId,
      ]);
      const user: SessionUserRow = {
        id: Number(row.id),
        username: row.username,
        email: row.email,
        email_confirmed_at: row.email_confirmed_at,
        pro_until: row.pro_until,
      };
      return { kind: 'ok', tokenId, user, rate: { limit, remaining: remaining - 1, resetMs } };
    });
  }
}
