import type { SqlQueryable } from '@mapsmith/core';
import { ClaimLostError } from '../sql/claim-lost.js';
import type { LeasedTable } from './leased-table.js';

/** What the fence reads of a kind's table: where its rows are, how a held row is named. */
export type FencedTable = Pick<LeasedTable<never, never, never>, 'table' | 'key' | 'running'>;

/**
 * Fences a write of a held job's own rows (an audit's results, a comparison's findings) by
 * the claim token (invariant 6 of `LeasedJobs`): called first in the writer's transaction, it
 * touches the job's row only while the row carries `claimToken` and is running. The row lock
 * it takes orders it with a takeover (a claim waits for the write, or the write sees the new
 * token on the row's latest version and is refused), so a taken-over holder writes nothing:
 * it throws `ClaimLostError`, the transaction rolls back, and `runClaimed` stops the run.
 * Returns `returning` of the row (e.g. the owner a result is charged to).
 */
export async function fenceClaim<R extends object = Record<string, unknown>>(
  tx: SqlQueryable,
  spec: FencedTable,
  jobId: string,
  claimToken: string,
  returning: string = spec.key,
): Promise<R> {
  const held = await tx.first<R>(
    `UPDATE ${spec.table} SET claim_token = claim_token
      WHERE ${spec.key} = ? AND claim_token = ? AND status = '${spec.running}'
      RETURNING ${returning}`,
    [jobId, claimToken],
  );
  if (!held) throw new ClaimLostError(jobId);
  return held;
}
