import type { OrderRow, PaymentRepository } from '../repos/ports-accounts.js';
import { addOneMonth } from './billing-period.js';

/** A payment order row as the payments module reads it. */
export type { OrderRow } from '../repos/ports-accounts.js';

/**
 * Grants the month an order paid for: until one month after `now`, or after the current paid
 * period when the user renews early. Only an order still `created` or `pending` grants, in one
 * transaction under the user's lock, so two captures or reconciliations of the same order (on
 * any number of servers) grant once: the loser answers the winner's grant.
 */
export function grant(
  payments: PaymentRepository,
  row: Pick<OrderRow, 'id' | 'user_id'>,
  captureId: string,
  nowMs: number,
): Promise<{ proUntil: string }> {
  const now = new Date(nowMs);
  return payments.grant(row, captureId, now.toISOString(), (currentProUntil) => {
    const current = currentProUntil ? new Date(currentProUntil) : null;
    const base = current && current > now ? current : now;
    return { start: base.toISOString(), proUntil: addOneMonth(base).toISOString() };
  });
}
