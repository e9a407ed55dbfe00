import type { Database } from '../db/database.js';
import type { OrderRow } from './grant.js';

/** The same day one month before `to` (clamped to a shorter month's end), in UTC. */
function oneMonthBefore(to: Date): Date {
  const d = new Date(to);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - 1);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/**
 * Where the month an order paid for began: `period_start` as recorded at the grant; orders
 * granted before it was recorded use one month before their end, but not before their capture.
 */
export function periodStart(row: Pick<OrderRow, 'pro_until' | 'captured_at' | 'period_start'>) {
  if (row.period_start) return new Date(row.period_start);
  const end = new Date(row.pro_until ?? 0);
  const monthBefore = oneMonthBefore(end);
  const captured = row.captured_at ? new Date(row.captured_at) : monthBefore;
  return captured > monthBefore ? captured : monthBefore;
}

/**
 * Marks a captured order refunded and takes back the month it granted: the user's `pro_until`
 * moves back by that order's period (so with two stacked months, one goes), never before `now`.
 * One transaction; an order already refunded changes nothing. Resolves with what was logged-safe
 * to report, or null when nothing changed.
 */
export async function takeBackMonth(
  db: Database,
  row: OrderRow,
  nowMs: number,
): Promise<{ orderId: string; userId: number; proUntil: string | null } | null> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const { changes } = await tx.run(
      "UPDATE payment_orders SET status = 'refunded', refunded_at = ? WHERE id = ? AND status = 'captured'",
      [now.toISOString(), row.id],
    );
    if (changes === 0) return null;
    const user = await tx.first<{ pro_until: string | null }>(
      'SELECT pro_until FROM users WHERE id = ?',
      [row.user_id],
    );
    let proUntil = user?.pro_until ?? null;
    if (proUntil && row.pro_until && Date.parse(proUntil) > nowMs) {
      const period = Date.parse(row.pro_until) - periodStart(row).getTime();
      proUntil = new Date(
        Math.max(nowMs, Date.parse(proUntil) - Math.max(0, period)),
      ).toISOString();
      await tx.run('UPDATE users SET pro_until = ? WHERE id = ?', [proUntil, row.user_id]);
    }
    return { orderId: row.id, userId: row.user_id, proUntil };
  });
}
