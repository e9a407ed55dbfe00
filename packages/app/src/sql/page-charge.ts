import { monthKey, type SqlQueryable } from '@mapsmith/core';

/** The job row a page save locked: whose month to charge, and against which quota. */
export interface FencedJob {
  user_id: number;
  /** The owner's monthly quota when the job started; null for plans without one (Pro). */
  month_quota: number | null;
  /** The owner's storage budget in bytes when the job started; null for jobs before it. */
  storage_budget: number | null;
}

/**
 * The first statement of every page save: one conditional UPDATE of the job row that holds
 * the row until the save commits, so a new claim (which writes the token) waits for it and the
 * save is fenced in the same statement that charges. It checks the claim token (when the store
 * has one) and, when the save charges, the job's page cap, and adds the page to the job's count.
 * It adds `bytes` to the job's stored bytes (the owner's storage budget counts them).
 * Undefined when the claim is lost or the cap is reached: nothing may be written then.
 */
export function fenceJob(
  tx: SqlQueryable,
  jobId: string,
  claimToken: string | null,
  charging: boolean,
  bytes = 0,
): Promise<FencedJob | undefined> {
  const conditions = [
    'id = ?',
    ...(claimToken ? ['claim_token = ?'] : []),
    ...(charging ? ['pages_crawled < page_cap'] : []),
  ];
  return tx.first<FencedJob>(
    `UPDATE crawl_jobs SET pages_crawled = pages_crawled + ${charging ? 1 : 0},
                           stored_bytes = stored_bytes + ?
      WHERE ${conditions.join(' AND ')} RETURNING user_id, month_quota, storage_budget`,
    claimToken ? [bytes, jobId, claimToken] : [bytes, jobId],
  );
}

/** Whose month a charge goes to, and the quota it stays within (null: none, Pro). */
export type MonthMeterOwner = Pick<FencedJob, 'user_id' | 'month_quota'>;

/**
 * Charges one page to the owner's month, only while the month stays within `month_quota`:
 * one conditional upsert, whose condition is checked on the row's latest version (Postgres
 * re-reads a row another writer changed meanwhile), so concurrent jobs of one user charge
 * exactly up to the quota. False when the quota is used up (the caller rolls back).
 * The one month meter: a crawled page and an audited URL are each charged here, once.
 */
export async function chargePage(
  tx: SqlQueryable,
  job: MonthMeterOwner,
  nowMs: number,
): Promise<boolean> {
  const month = monthKey(nowMs);
  if (job.month_quota === null) {
    await tx.run(
      `INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 1)
       ON CONFLICT (user_id, month) DO UPDATE SET pages = usage_months.pages + 1`,
      [job.user_id, month],
    );
    return true;
  }
  if (job.month_quota <= 0) return false;
  const row = await tx.first<{ pages: number }>(
    `INSERT INTO usage_months (user_id, month, pages) VALUES (?, ?, 1)
     ON CONFLICT (user_id, month) DO UPDATE SET pages = usage_months.pages + 1
       WHERE usage_months.pages < ?
     RETURNING pages`,
    [job.user_id, month, job.month_quota],
  );
  return row !== undefined;
}
