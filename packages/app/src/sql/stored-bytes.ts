import type { SqlQueryable } from '@mapsmith/core';

/**
 * Bytes a user's crawls hold, as their jobs count them (`crawl_jobs.stored_bytes`): what the
 * plan's storage budget is checked against, at every start (one-off, scheduled, bulk).
 */
export async function userStoredBytes(q: SqlQueryable, userId: number): Promise<number> {
  const row = await q.first<{ bytes: number | null }>(
    'SELECT SUM(stored_bytes) AS bytes FROM crawl_jobs WHERE user_id = ?',
    [userId],
  );
  return Number(row?.bytes ?? 0);
}
