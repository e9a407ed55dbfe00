import { randomUUID } from 'node:crypto';
import {
  type CrawlJobRow,
  JOB_COLUMNS,
  lockedTransaction,
  NO_SECRET_BOX,
  parseSettings,
  type SecretBox,
  settingsJson,
  toJob,
  userStoredBytes,
} from '@mapsmith/app';
import {
  type BulkRejectedLine,
  type Clock,
  HOUR_MS,
  type RateInfo,
  type SqlDatabase,
  storageBudgetBytes,
} from '@mapsmith/core';
import type {
  BulkRecord,
  BulkSummaryRecord,
  StartBulkInput,
  StartBulkResult,
} from '../bulk-types.js';
import type { BulkRepository } from '../ports-pro.js';

/**
 * Bulk crawls in SQL (SQLite or Postgres): `bulk_crawls` rows, and crawl jobs carrying
 * `bulk_id` and `bulk_line`.
 */
export class SqlBulkRepository implements BulkRepository {
  /** Uses `db` for storage, `clock` for every timestamp, `box` for the settings' secrets. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly box: SecretBox = NO_SECRET_BOX,
  ) {}

  /**
   * All or nothing: a list that does not fit the hour starts none of its sites. The user's
   * lock makes a second start (another node's, too) read the window after this one's sites.
   */
  start(input: StartBulkInput): Promise<StartBulkResult> {
    return lockedTransaction(this.db, `user:${input.userId}`, async (tx) => {
      const now = this.clock.now();
      const window = await tx.first<{ n: number; oldest: number | null }>(
        `SELECT COUNT(*) AS n, MIN(created_ms) AS oldest FROM crawl_jobs
          WHERE user_id = ? AND created_ms > ? AND bulk_id IS NOT NULL`,
        [input.userId, now - HOUR_MS],
      );
      const used = window?.n ?? 0;
      const limit = input.sitesPerHour;
      const refusedRate: RateInfo = {
        limit,
        remaining: Math.max(0, limit - used),
        resetMs: (window?.oldest ?? now) + HOUR_MS,
      };
      // Bulk lists are Pro's: refused whole while the owner's crawls hold the storage budget.
      const storage = {
        used: await userStoredBytes(tx, input.userId),
        budget: storageBudgetBytes('pro'),
      };
      if (storage.used >= storage.budget)
        return { ok: false, reason: 'storage', rate: refusedRate, storage };
      if (used + input.sites.length > limit)
        return { ok: false, reason: 'hourly', rate: refusedRate };
      const bulkId = randomUUID();
      const createdAt = new Date(now).toISOString();
      const settings = settingsJson(input.settings, this.box);
      await tx.run(
        `INSERT INTO bulk_crawls (id, user_id, settings, rejected, created_at, created_ms)
         VALUES (?, ?, ?, ?, ?, ?)`,
        [bulkId, input.userId, settings, JSON.stringify(input.rejected), createdAt, now],
      );
      for (const site of input.sites) {
        await tx.run(
          `INSERT INTO crawl_jobs (id, user_id, url, status, page_cap, month_quota, storage_budget,
                                   created_at, created_ms, settings, bulk_id, bulk_line)
           VALUES (?, ?, ?, 'pending', ?, NULL, ?, ?, ?, ?, ?, ?)`,
          [
            randomUUID(),
            input.userId,
            site.url,
            input.pageCap,
            // Bulk lists are Pro's: a site's crawl ends when the owner's crawls fill the budget.
            storageBudgetBytes('pro'),
            createdAt,
            now,
            settings,
            bulkId,
            site.line,
          ],
        );
      }
      const remaining = Math.max(0, limit - used - input.sites.length);
      return {
        ok: true,
        bulkId,
        rate: { limit, remaining, resetMs: (window?.oldest ?? now) + HOUR_MS },
      };
    });
  }

  /** Another user's bulk is indistinguishable from a missing one. */
  async get(bulkId: string, userId: number): Promise<BulkRecord | undefined> {
    const bulk = await this.db.first<{
      id: string;
      user_id: number;
      settings: string | null;
      rejected: string;
      created_at: string;
    }>(
      'SELECT id, user_id, settings, rejected, created_at FROM bulk_crawls WHERE id = ? AND user_id = ?',
      [bulkId, userId],
    );
    if (!bulk) return undefined;
    const rows = await this.db.all<CrawlJobRow & { bulk_line: number }>(
      `SELECT ${JOB_COLUMNS}, bulk_line FROM crawl_jobs WHERE bulk_id = ? ORDER BY bulk_line`,
      [bulkId],
    );
    return {
      id: bulk.id,
      userId: bulk.user_id,
      createdAt: bulk.created_at,
      settings: parseSettings(bulk.settings, this.box),
      rejected: JSON.parse(bulk.rejected) as BulkRejectedLine[],
      sites: rows.map((row) => ({ line: row.bulk_line, job: toJob(row, this.box) })),
    };
  }

  /** Newest first, with counts of the sites' states. */
  list(userId: number, limit: number): Promise<BulkSummaryRecord[]> {
    return this.db.all<BulkSummaryRecord>(
      `SELECT b.id AS id, b.created_at AS "createdAt", COUNT(j.id) AS sites,
              COUNT(j.id) FILTER (WHERE j.status = 'completed') AS completed,
              COUNT(j.id) FILTER (WHERE j.status = 'failed') AS failed
         FROM bulk_crawls AS b LEFT JOIN crawl_jobs AS j ON j.bulk_id = b.id
        WHERE b.user_id = ?
        GROUP BY b.id ORDER BY b.created_ms DESC, b.rowid DESC LIMIT ?`,
      [userId, limit],
    );
  }

  async deleteCreatedBefore(cutoffMs: number): Promise<number> {
    const { changes } = await this.db.run('DELETE FROM bulk_crawls WHERE created_ms < ?', [
      cutoffMs,
    ]);
    return changes;
  }
}
