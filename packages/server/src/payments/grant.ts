import type { Database } from '../db/database.js';
import { addOneMonth } from './billing-period.js';

/** A payment order row as the payments module reads it. */
export interface OrderRow {
  id: string;
  user_id: number;
  amount: string;
  currency: string;
  status: 'created' | 'pending' | 'captured' | 'rejected' | 'refunded';
  capture_id: string | null;
  failure: string | null;
  pro_until: string | null;
  captured_at: string | null;
  period_start: string | null;
}

/** Every column of `OrderRow`, for SELECTs. */
export const ORDER_COLUMNS =
  'id, user_id, amount, currency, status, capture_id, failure, pro_until, captured_at, period_start';

/**
 * Grants the month an order paid for: until one month after `now`, or after the current paid
 * period when the user renews early. Only an order still `created` or `pending` grants, inside
 * one transaction, so two captures or reconciliations of the same order grant once: the loser
 * answers the winner's grant.
 */
export async function grant(
  db: Database,
  row: Pick<OrderRow, 'id' | 'user_id'>,
  captureId: string,
  nowMs: number,
): Promise<{ proUntil: string }> {
  const now = new Date(nowMs);
  return db.transaction(async (tx) => {
    const user = await tx.first<{ pro_until: string | null }>(
      'SELECT pro_until FROM users WHERE id = ?',
      [row.user_id],
    );
    const current = user?.pro_until ? new Date(user.pro_until) : null;
    const base = current && current > now ? current : now;
    const proUntil = addOneMonth(base).toISOString();
    const { changes } = await tx.run(
      `UPDATE payment_orders
          SET status = 'captured', capture_id = ?, captured_at = ?, pro_until = ?, period_start = ?,
              checked_at = ?
        WHERE id = ? AND status IN ('created', 'pending')`,
      [captureId, now.toISOString(), proUntil, base.toISOString(), now.toISOString(), row.id],
    );
    if (changes === 0) {
      // A concurrent capture or reconciliation of the same order got here first: answer its grant.
      const done = await tx.first<{ pro_until: string | null }>(
        'SELECT pro_until FROM payment_orders WHERE id = ?',
        [row.id],
      );
      return { proUntil: done?.pro_until ?? proUntil };
    }
    await tx.run('UPDATE users SET pro_until = ? WHERE id = ?', [proUntil, row.user_id]);
    return { proUntil };
  });
}
