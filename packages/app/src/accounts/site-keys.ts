import type { SqlDatabase } from '@mapsmith/core';
import type { SiteKeyRepository } from './ports.js';

/** IndexNow keys over the SQL port. */
export class SqlSiteKeyRepository implements SiteKeyRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /**
   * ON CONFLICT DO NOTHING, then read: of racing first pings, one key is stored and every
   * caller answers that one (the key file the user publishes must match later pings).
   */
  async keyFor(userId: number, host: string, fresh: string): Promise<string> {
    return this.db.transaction(async (tx) => {
      await tx.run(
        'INSERT INTO indexnow_keys (user_id, host, key) VALUES (?, ?, ?) ON CONFLICT (user_id, host) DO NOTHING',
        [userId, host, fresh],
      );
      const row = await tx.first<{ key: string }>(
        'SELECT key FROM indexnow_keys WHERE user_id = ? AND host = ?',
        [userId, host],
      );
      if (!row) throw new Error('IndexNow key was not stored');
      return row.key;
    });
  }
}
