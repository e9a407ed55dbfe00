import type { AuditEntry, AuditResult, AuditStore, Clock, SqlDatabase } from '@mapsmith/core';
import { fenceClaim } from '../jobs/claim-fence.js';
import { GroupedWrites } from '../sql/grouped-writes.js';
import { chargePages } from '../sql/page-charge.js';
import { fencedTransaction } from '../sql/transactions.js';
import { AUDIT_TABLE } from './audit-queue.js';

/**
 * One audit job's durable URL list in SQL (SQLite or Postgres), as `runAudit` leases and
 * saves it. Its rows are `audit_urls`: queued, leased by a run, then done with their result.
 * Every lease and save is fenced by the run's claim token (`fenceClaim`): a run whose job was
 * taken over neither takes URLs from the new run nor saves a result.
 */
export class SqlAuditStore implements AuditStore {
  /**
   * The list of `jobId` in `db`, written under `claimToken`; `clock` names the month a result
   * is charged to.
   */
  constructor(
    private readonly db: SqlDatabase,
    private readonly clock: Pick<Clock, 'now'>,
    private readonly jobId: string,
    private readonly claimToken: string,
  ) {}

  /** Up to `n` queued URLs in list order, leased at once (none is leased twice). */
  lease(n: number): Promise<AuditEntry[]> {
    return this.db.transaction(async (tx) => {
      await fenceClaim(tx, AUDIT_TABLE, this.jobId, this.claimToken);
      const rows = await tx.all<{ seq: number; url: string; sitemap: string | null }>(
        `UPDATE audit_urls SET state = 'leased'
          WHERE state = 'queued' AND seq IN
            (SELECT seq FROM audit_urls WHERE job_id = ? AND state = 'queued' ORDER BY seq LIMIT ?)
          RETURNING seq, url, sitemap`,
        [this.jobId, n],
      );
      return rows
        .sort((a, b) => a.seq - b.seq)
        .map((r): AuditEntry => ({ id: r.seq, url: r.url, sitemap: r.sitemap }));
    });
  }

  /** The saves asked while another group is written go together (`GroupedWrites`). */
  private readonly saves = new GroupedWrites<SaveAsked, boolean>((group) => this.saveGroup(group));

  /**
   * Saves one result and charges it to the job and the owner's month, in one transaction with
   * the saves asked while the previous one was written (one fence, one charge for the group).
   * Each write is conditional on its row's latest version (read committed: concurrent saves
   * wait for the row instead of failing and retrying): the URL is marked done only if it was
   * not, and the month charged by the crawls' one meter (`chargePages`) only while under the
   * quota, so audits and crawls of one owner saving at once on several nodes never charge twice
   * or past it. A group the quota cannot take whole rolls back and its saves are written one by
   * one, so the URLs that fit are kept and the first that does not is refused, as alone.
   */
  save(entry: AuditEntry, result: AuditResult): Promise<boolean> {
    return this.saves.add({ entry, result });
  }

  /** One transaction for `group`; false for a lone save the month has no room for. */
  private async saveGroup(group: SaveAsked[]): Promise<boolean[]> {
    try {
      return await fencedTransaction(this.db, async (tx) => {
        const job = await fenceClaim<{ user_id: number; month_quota: number | null }>(
          tx,
          AUDIT_TABLE,
          this.jobId,
          this.claimToken,
          'user_id, month_quota',
        );
        let fresh = 0;
        for (const { entry, result: r } of group) {
          const { changes } = await tx.run(
            `UPDATE audit_urls SET state = 'done', verdict = ?, status = ?, redirect_status = ?,
                    redirect_target = ?, noindex = ?, canonical = ?, blocked = ?, content_type = ?,
                    response_ms = ?, error = ?
              WHERE seq = ? AND job_id = ? AND state <> 'done'`,
            [
              r.verdict,
              r.status,
              r.redirectStatus,
              r.redirectTarget,
              r.noindex ? 1 : 0,
              r.canonical,
              r.blocked ? 1 : 0,
              r.contentType,
              r.responseMs,
              r.error,
              entry.id,
              this.jobId,
            ],
          );
          fresh += changes;
        }
        if (fresh === 0) return group.map(() => true);
        // Over the quota: no result may stay saved without its charge.
        if ((await chargePages(tx, job, fresh, this.clock.now())) < fresh) throw new QuotaReached();
        await tx.run('UPDATE audit_jobs SET checked = checked + ? WHERE id = ?', [
          fresh,
          this.jobId,
        ]);
        return group.map(() => true);
      });
    } catch (err) {
      if (err instanceof QuotaReached && group.length === 1) return [false];
      throw err;
    }
  }
}

/** A result to save for its URL. */
interface SaveAsked {
  entry: AuditEntry;
  result: AuditResult;
}

/** Rolls back a result whose URL the owner's month has no room for. */
class QuotaReached extends Error {}
