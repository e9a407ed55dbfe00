import { randomUUID } from 'node:crypto';
import type { Clock, SqlDatabase, SqlParam, SqlTransaction } from '@mapsmith/core';
import { lockedTransaction } from '../sql/transactions.js';
import type { ClaimedLease, LeasedJobs } from './leased-jobs.js';
import type { JobEnd, LeasedRow, LeasedTable } from './leased-table.js';

/** Which job a claim may take: the oldest claimable one, or one named job (engine dispatch). */
type Choice = { kind: 'oldest'; perUserCap: number } | { kind: 'named'; id: string };

/**
 * The SQL adapter of `LeasedJobs` (SQLite and Postgres through core's `SqlDatabase`), one
 * class for every kind, told its table by a `LeasedTable`. A claim runs in one transaction
 * under the kind's claim lock; every other change is one statement conditioned on the claim
 * token, so a holder whose job was taken over writes nothing.
 */
export class SqlLeasedJobs<Row extends LeasedRow, J extends { id: string }, S>
  implements LeasedJobs<J, S>
{
  /** Leases rows of `spec.table`, timed by `clock`. */
  constructor(
    protected readonly db: SqlDatabase,
    protected readonly clock: Pick<Clock, 'now'>,
    protected readonly spec: LeasedTable<Row, J, S>,
  ) {}

  /** See `LeasedJobs.claim`: jobs out of attempts met on the way are failed in words. */
  claim(
    owner: string,
    leaseMs: number,
    maxAttempts: number,
    perUserCap = Number.MAX_SAFE_INTEGER,
  ): Promise<ClaimedLease<J> | null> {
    return this.claimOne({ kind: 'oldest', perUserCap }, owner, leaseMs, maxAttempts);
  }

  /**
   * Claims the job `id` that an engine handed this worker: pending (and not held back), or
   * running, whatever its lease (the engine found its holder dead). Null when it is over.
   */
  claimNamed(
    id: string,
    owner: string,
    leaseMs: number,
    maxAttempts: number,
  ): Promise<ClaimedLease<J> | null> {
    return this.claimOne({ kind: 'named', id }, owner, leaseMs, maxAttempts);
  }

  private claimOne(
    pick: Choice,
    owner: string,
    leaseMs: number,
    maxAttempts: number,
  ): Promise<ClaimedLease<J> | null> {
    const { table, key, running } = this.spec;
    return lockedTransaction(this.db, this.spec.lock, async (tx) => {
      const now = this.clock.now();
      for (;;) {
        const row = await this.candidate(tx, pick, now);
        if (!row) return null;
        const id = String(row[key as keyof Row]);
        if (row.attempts >= maxAttempts) {
          await tx.run(
            `UPDATE ${table} SET status = 'failed', error = ?, finished_at = ?,
                    lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL
              WHERE ${key} = ?`,
            [this.spec.interrupted(row), new Date(now).toISOString(), id],
          );
          if (pick.kind === 'named') return null;
          continue;
        }
        const claimToken = randomUUID();
        const extra = this.spec.onClaim?.(now) ?? { set: '', params: [] };
        // The new token fences off the previous holder of an expired lease at once.
        const still = this.claimable(pick, now);
        const claimed = await tx.first<Row>(
          `UPDATE ${table} SET status = '${running}', attempts = attempts + 1, lease_owner = ?,
                  lease_expires_at = ?, claim_token = ?${extra.set ? `, ${extra.set}` : ''}
            WHERE ${key} = ? AND attempts = ? AND ${still.sql}
            RETURNING ${this.spec.columns}`,
          [owner, now + leaseMs, claimToken, ...extra.params, id, row.attempts, ...still.params],
        );
        if (!claimed) continue;
        const resumed = row.status === running || row.attempts > 0;
        return { job: this.spec.toJob(claimed), resumed, claimToken };
      }
    });
  }

  /**
   * Whether a row may be claimed at `now`: pending and not held back, or running
   * on an expired lease; a named job running on any lease (its engine found the holder dead).
   */
  private claimable(pick: Choice, now: number): { sql: string; params: SqlParam[] } {
    const { running, claimable } = this.spec;
    const pending = `(status = 'pending'${claimable ? ` AND ${claimable}` : ''})`;
    if (pick.kind === 'named') return { sql: `(status = '${running}' OR ${pending})`, params: [] };
    return {
      sql: `((status = '${running}' AND lease_expires_at < ?) OR ${pending})`,
      params: [now],
    };
  }

  /** The row a claim would take now, if any. */
  private candidate(tx: SqlTransaction, pick: Choice, now: number): Promise<Row | undefined> {
    const { table, key, running, columns, order } = this.spec;
    const may = this.claimable(pick, now);
    if (pick.kind === 'named')
      return tx.first<Row>(`SELECT ${columns} FROM ${table} WHERE ${key} = ? AND ${may.sql}`, [
        pick.id,
        ...may.params,
      ]);
    // An interrupted job resumes whatever its owner runs: it was running before.
    return tx.first<Row>(
      `SELECT ${columns} FROM ${table} AS j
        WHERE ${may.sql}
          AND (status <> 'pending' OR (SELECT COUNT(*) FROM ${table} AS r
                 WHERE r.user_id = j.user_id AND r.status = '${running}'
                   AND r.lease_expires_at >= ?) < ?)
        ORDER BY ${order} LIMIT 1`,
      [...may.params, now, pick.perUserCap],
    );
  }

  /**
   * The jobs an engine should be handed, oldest first: the claimable pending ones, and (as a
   * backstop, e.g. an engine job deleted by hand) running ones whose lease ran out before
   * `staleBefore`. Two arms, so each reads the kind's (status, created_ms) index.
   */
  due(limit: number, staleBefore: number): Promise<Array<{ id: string; userId: number }>> {
    const { table, key, running, claimable } = this.spec;
    return this.db.all<{ id: string; userId: number }>(
      `SELECT id, user_id AS "userId" FROM (
         SELECT ${key} AS id, user_id, created_ms FROM ${table}
          WHERE status = 'pending'${claimable ? ` AND ${claimable}` : ''}
         UNION ALL
         SELECT ${key} AS id, user_id, created_ms FROM ${table}
          WHERE status = '${running}' AND lease_expires_at < ?
       ) AS due ORDER BY created_ms LIMIT ${Math.floor(limit)}`,
      [staleBefore],
    );
  }

  /** Extends only a lease still held under `claimToken`. */
  async heartbeat(jobId: string, claimToken: string, leaseMs: number): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE ${this.spec.table} SET lease_expires_at = ?
        WHERE ${this.spec.key} = ? AND claim_token = ? AND status = '${this.spec.running}'`,
      [this.clock.now() + leaseMs, jobId, claimToken],
    );
    return changes === 1;
  }

  /** See `LeasedJobs.complete`. */
  complete(jobId: string, claimToken: string, summary: S): Promise<boolean> {
    return this.end(jobId, claimToken, { status: 'completed', summary });
  }

  /** See `LeasedJobs.fail`. */
  fail(jobId: string, claimToken: string, reason: string): Promise<boolean> {
    return this.end(jobId, claimToken, { status: 'failed', reason });
  }

  /** Writes the job's end in one statement fenced by the token. */
  private async end(jobId: string, claimToken: string, end: JobEnd<S>): Promise<boolean> {
    const { table, key, running } = this.spec;
    const now = this.clock.now();
    const outcome = this.spec.outcome(end, now);
    const { changes } = await this.db.run(
      `UPDATE ${table} SET status = ?, ${outcome.set}, finished_at = ?,
              lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL
        WHERE ${key} = ? AND claim_token = ? AND status = '${running}'`,
      [end.status, ...outcome.params, new Date(now).toISOString(), jobId, claimToken],
    );
    // Apart from the end: on a full disk, a large cleanup needs journal room the small update
    // does not, and the job's end matters more (a sweep catches up).
    if (changes === 1) await this.spec.afterEnd?.(this.db, jobId).catch(() => undefined);
    return changes === 1;
  }

  /** Reads the owners of running jobs, then expires the leases of those that are gone. */
  async expireLeasesOf(isGone: (owner: string) => boolean): Promise<number> {
    const { table, running } = this.spec;
    const owners = await this.db.all<{ lease_owner: string }>(
      `SELECT DISTINCT lease_owner FROM ${table}
        WHERE status = '${running}' AND lease_owner IS NOT NULL`,
    );
    let expired = 0;
    for (const { lease_owner: owner } of owners) {
      if (!isGone(owner)) continue;
      const { changes } = await this.db.run(
        `UPDATE ${table} SET lease_expires_at = 0 WHERE status = '${running}' AND lease_owner = ?`,
        [owner],
      );
      expired += changes;
    }
    return expired;
  }

  /** Like a graceful release of one job; a `pause` request it carries keeps it waiting. */
  async pause(jobId: string, claimToken: string): Promise<boolean> {
    const where = `${this.spec.key} = ? AND claim_token = ?`;
    return (await this.backToPending(where, [jobId, claimToken])) === 1;
  }

  /** Graceful shutdown: the jobs wait as pending, resumable, and the stop is not counted. */
  release(owner: string): Promise<number> {
    return this.backToPending('lease_owner = ?', [owner]);
  }

  /** Nothing to sweep unless the kind keeps rows only while it runs (see `SqlJobQueue`). */
  async sweepFrontiers(): Promise<number> {
    return 0;
  }

  /** Running jobs matching `where` wait again, their run not counted as an attempt. */
  private async backToPending(where: string, params: SqlParam[]): Promise<number> {
    const { changes } = await this.db.run(
      `UPDATE ${this.spec.table} SET status = 'pending',
              attempts = ${this.db.dialect.greatest('attempts - 1', '0')},
              lease_owner = NULL, lease_expires_at = NULL, claim_token = NULL
        WHERE status = '${this.spec.running}' AND ${where}`,
      params,
    );
    return changes;
  }
}
