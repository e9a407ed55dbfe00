import { randomUUID } from 'node:crypto';
import type { BulkRejectedLine, Clock, SqlDatabase } from '@mapsmith/core';
import { AppError } from '../errors.js';
import { parseSettings, settingsJson } from '../secrets/sealed-settings.js';
import { NO_SECRET_BOX, type SecretBox } from '../secrets/secret-box.js';
import { admitCrawlStart } from '../sql/crawl-start.js';
import { type CrawlJobRow, JOB_COLUMNS, toJob } from '../sql/rows.js';
import { lockedTransaction } from '../sql/transactions.js';
import type {
  BulkRecord,
  BulkRepository,
  BulkSiteRefusal,
  BulkSummaryRecord,
  StartBulkInput,
  StartBulkResult,
} from './ports.js';

/** Thrown inside the start's transaction to roll the list back when one site is refused. */
class SiteRefused extends Error {
  constructor(readonly refusal: BulkSiteRefusal) {
    super('a site of the bulk list was refused');
  }
}

/**
 * Bulk crawls in SQL (SQLite or Postgres): `bulk_crawls` rows, and crawl jobs carrying
 * `bulk_id` and `bulk_line`, each inserted by the one admission of crawl starts.
 */
export class SqlBulkRepository implements BulkRepository {
  /** Uses `db` for storage, `clock` for every timestamp, `box` for the settings' secrets. */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly box: SecretBox = NO_SECRET_BOX,
  ) {}

  /** See `BulkRepository.start`: the user's lock orders it with every other start of theirs. */
  async start(input: StartBulkInput): Promise<StartBulkResult> {
    try {
      return await lockedTransaction(this.db, `user:${input.userId}`, async (tx) => {
        const now = this.clock.now();
        const bulkId = randomUUID();
        await tx.run(
          `INSERT INTO bulk_crawls (id, user_id, settings, rejected, created_at, created_ms)
           VALUES (?, ?, ?, ?, ?, ?)`,
          [
            bulkId,
            input.userId,
            settingsJson(input.settings, this.box),
            JSON.stringify(input.rejected),
            new Date(now).toISOString(),
            now,
          ],
        );
        let last: StartBulkResult | undefined;
        for (const [before, site] of input.sites.entries()) {
          const start = { ...input, url: site.url };
          const admitted = await admitCrawlStart(tx, now, start, this.box, {
            bulkId,
            line: site.line,
          });
          if (!admitted.ok) throw new SiteRefused({ ...admitted, site, before });
          last = { ok: true, bulkId, rate: admitted.rate };
        }
        if (!last)
          throw new AppError('bulk.empty', 'No site to crawl', 'The list holds no site to crawl.');
        return last;
      });
    } catch (err) {
      if (err instanceof SiteRefused) return err.refusal;
      throw err;
    }
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
