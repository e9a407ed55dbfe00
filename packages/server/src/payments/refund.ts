import type { OrderRow, PaymentRepository } from '@mapsmith/app';

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
 * One transaction under the user's lock; an order already refunded changes nothing, however
 * many servers report the refund. Resolves with what is safe to log, or null when nothing
 * changed.
 */
export async function takeBackMonth(
  payments: PaymentRepository,
  row: OrderRow,
  nowMs: number,
): Promise<{ orderId: string; userId: number; proUntil: string | null } | null> {
  const taken = await payments.refund(row, new Date(nowMs).toISOString(), (current) => {
    if (!current || !row.pro_until || Date.parse(current) <= nowMs) return null;
    const period = Date.parse(row.pro_until) - periodStart(row).getTime();
    return new Date(Math.max(nowMs, Date.parse(current) - Math.max(0, period))).toISOString();
  });
  return taken ? { orderId: row.id, userId: row.user_id, proUntil: taken.proUntil } : null;
}
