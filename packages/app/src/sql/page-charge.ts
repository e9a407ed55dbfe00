import { monthKey, type SqlQueryable } from '@mapsmith/core';

/** The job row a batch of page saves locked: whose month to charge, and within which bounds. */
export interface FencedJob {
  user_id: number;
  /** The owner's monthly quota when the job started; null for plans without one (Pro). */
  month_quota: number | null;
  /** The owner's storage budget in bytes when the job started; null for jobs before it. */
  storage_budget: number | null;
  /** Pages charged to the job so far, and its cap. */
  pages_crawled: number;
  page_cap: number;
}

/**
 * The first statement of every batch of page saves: an UPDATE of the job row that changes
 * nothing but holds the row until the batch commits, so a new claim (which writes the token)
 * waits for it, and reads the job's bounds under that lock. It checks the claim token when
 * the store has one. Undefined when the claim is lost: nothing may be written then.
 */
export function fenceJob(
  tx: SqlQueryable,
  jobId: string,
  claimToken: string | null,
): Promise<FencedJob | undefined> {
  return tx.first<FencedJob>(
    `UPDATE crawl_jobs SET pages_crawled = pages_crawled
      WHERE id = ?${claimToken ? ' AND claim_token = ?' : ''}
      RETURNING user_id, month_quota, storage_budget, pages_crawled, page_cap`,
    claimToken ? [jobId, claimToken] : [jobId],
  );
}

/** Whose month a charge goes to, and the quota it stays within (null: none, Pro). */
export type MonthMeterOwner = Pick<FencedJob, 'user_id' | 'month_quota'>;

/**
 * The one month meter: a crawled page and an audited URL are each charged here, once. Charges
 * up to `wanted` pages to the owner's month, as many as the month's quota leaves (all of them
 * without a quota, as on Pro); returns how many. The month's row is locked by its first
 * statement (an upsert that reads it) and written by the second, so concurrent jobs of one user
 * charge exactly up to the quota on Postgres too. A crawl's page cap is its caller's to apply.
 */
export async function chargePages(
  tx: SqlQueryable,
  owner: MonthMeterOwner,
  wanted: number,
  nowMs: number,
): Promise<number> {
  let charged = Math.max(0, wanted);
  if (charged === 0) return 0;
  const month = monthKey(nowMs);
  const used = await tx.first<{ pages: number }>(
    `INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 0)
     ON CONFLICT (user_id, month) DO UPDATE SET pages = usage_months.pages
     RETURNING pages`,
    [owner.user_id, month],
  );
  if (owner.month_quota !== null)
    charged = Math.max(0, Math.min(charged, owner.month_quota - Number(used?.pages ?? 0)));
  if (charged > 0)
    await tx.run('UPDATE usage_months SET pages = pages + ? WHERE user_id = ? AND month = ?', [
      charged,
      owner.user_id,
      month,
    ]);
  return charged;
}

/** Adds the charged pages and the stored bytes of a batch to the (fenced) job's row. */
export async function countOnJob(
  tx: SqlQueryable,
  jobId: string,
  charged: number,
  bytes: number,
): Promise<void> {
  await tx.run(
    'UPDATE crawl_jobs SET pages_crawled = pages_crawled + ?, stored_bytes = stored_bytes + ? WHERE id = ?',
    [charged, bytes, jobId],
  );
}
