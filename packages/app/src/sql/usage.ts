import type { Clock, RateInfo, SqlDatabase } from '@mapsmith/core';
import type { RateLimiter, UsageRepository } from '../crawl/ports.js';
import { lockedTransaction } from './transactions.js';

/** The monthly usage meter over SQL (`usage_months`, charged by the crawl store). */
export class SqlUsageRepository implements UsageRepository {
  /** Reads through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** Zero for a month without crawls. */
  async monthPages(userId: number, month: string): Promise<number> {
    const row = await this.db.first<{ pages: number }>(
      'SELECT pages FROM usage_months WHERE user_id = ? AND month = ?',
      [userId, month],
    );
    return row?.pages ?? 0;
  }

  /** Most recent month first. */
  months(userId: number, limit: number): Promise<Array<{ month: string; pages: number }>> {
    return this.db.all(
      'SELECT month, pages FROM usage_months WHERE user_id = ? ORDER BY month DESC LIMIT ?',
      [userId, limit],
    );
  }
}

/**
 * Rolling-window counters over SQL (`rate_events`), counted and written in one transaction
 * that holds the bucket's lock, so concurrent hits on any node are counted one after the other.
 */
export class SqlRateLimiter implements RateLimiter {
  /** Uses `clock` for the window. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
  ) {}

  /** Old events of the bucket are pruned on the way, so the table stays small. */
  hit(bucket: string, limit: number, windowMs: number): Promise<{ ok: boolean; rate: RateInfo }> {
    return lockedTransaction(this.db, `rate:${bucket}`, async (tx) => {
      const now = this.clock.now();
      await tx.run('DELETE FROM rate_events WHERE bucket = ? AND at_ms <= ?', [
        bucket,
        now - windowMs,
      ]);
      const row = await tx.first<{ n: number; oldest: number | null }>(
        'SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM rate_events WHERE bucket = ?',
        [bucket],
      );
      const used = row?.n ?? 0;
      const resetMs = (row?.oldest ?? now) + windowMs;
      if (used >= limit) return { ok: false, rate: { limit, remaining: 0, resetMs } };
      await tx.run('INSERT INTO rate_events (bucket, at_ms) VALUES (?, ?)', [bucket, now]);
      return { ok: true, rate: { limit, remaining: limit - used - 1, resetMs } };
    });
  }

  /** Buckets of visitors who never come back are cleared here (the daily retention). */
  async prune(beforeMs: number): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM rate_events WHERE at_ms < ?', [beforeMs]);
    return changes;
  }
}
