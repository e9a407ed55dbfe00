import type { SqlDatabase } from '@mapsmith/core';
import type { GrantPeriod, OrderRow, PaymentRepository, RefundPeriod } from './ports.js';

const ORDER_COLUMNS =
  'id, user_id, amount, currency, status, capture_id, failure, pro_until, captured_at, period_start,\n  created_at';

/**
 * PayPal orders over the SQL port. A grant or refund moves `users.pro_until` from what it
 * is now, so both run under the user's lock: two orders of one user settled at once by two
 * processes stack their months instead of one overwriting the other.
 */
export class SqlPaymentRepository implements PaymentRepository {
  /** Reads and writes through `db`. */
  constructor(private readonly db: SqlDatabase) {}

  /** A reloaded checkout page offers the same order again. */
  async openOrder(
    userId: number,
    amount: string,
    currency: string,
    since: string,
  ): Promise<string | null> {
    const row = await this.db.first<{ paypal_order_id: string }>(
      `SELECT paypal_order_id FROM payment_orders
        WHERE user_id = ? AND status = 'created' AND paypal_order_id IS NOT NULL
          AND amount = ? AND currency = ? AND created_at > ?
        ORDER BY created_at DESC LIMIT 1`,
      [userId, amount, currency, since],
    );
    return row?.paypal_order_id ?? null;
  }

  /** Counted and inserted under the user's lock, so the hourly cap holds across processes. */
  reserveOrder(
    order: { id: string; userId: number; amount: string; currency: string; createdAt: string },
    since: string,
    limit: number,
  ): Promise<{ ok: true } | { ok: false; oldest: string }> {
    return this.db.transaction(async (tx) => {
      await tx.lock(`user:${order.userId}`);
      const recent = await tx.first<{ n: number; oldest: string | null }>(
        'SELECT COUNT(*) AS n, MIN(created_at) AS oldest FROM payment_orders WHERE user_id = ? AND created_at > ?',
        [order.userId, since],
      );
      if (Number(recent?.n ?? 0) >= limit) {
        return { ok: false as const, oldest: recent?.oldest ?? order.createdAt };
      }
      await tx.run(
        `INSERT INTO payment_orders (id, user_id, amount, currency, status, created_at)
         VALUES (?, ?, ?, ?, 'created', ?)`,
        [order.id, order.userId, order.amount, order.currency, order.createdAt],
      );
      return { ok: true as const };
    });
  }

  /** Only the creation step's own row. */
  async deleteOrder(id: string): Promise<void> {
    await this.db.run('DELETE FROM payment_orders WHERE id = ?', [id]);
  }

  /** Set once PayPal answered the creation. */
  async setPayPalId(id: string, paypalOrderId: string): Promise<void> {
    await this.db.run('UPDATE payment_orders SET paypal_order_id = ? WHERE id = ?', [
      paypalOrderId,
      id,
    ]);
  }

  /** Another user's order is not found. */
  byPayPalId(paypalOrderId: string, userId: number): Promise<OrderRow | undefined> {
    return this.db.first<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders WHERE paypal_order_id = ? AND user_id = ?`,
      [paypalOrderId, userId],
    );
  }

  /** Only a `created` order becomes pending. */
  async markPending(id: string, captureId: string, at: string): Promise<void> {
    await this.db.run(
      `UPDATE payment_orders SET status = 'pending', capture_id = ?, checked_at = ?
        WHERE id = ? AND status = 'created'`,
      [captureId, at, id],
    );
  }

  /** A refused capture never overwrites a grant made meanwhile. */
  async reject(id: string, reason: string, onlyPending: boolean): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE payment_orders SET status = 'rejected', failure = ?
        WHERE id = ? AND status ${onlyPending ? "= 'pending'" : "IN ('created', 'pending')"}`,
      [reason, id],
    );
    return changes > 0;
  }

  /** One conditional UPDATE: of concurrent reconciliations only one asks PayPal. */
  async claimCheck(
    id: string,
    status: OrderRow['status'],
    now: string,
    checkedBefore: string,
  ): Promise<boolean> {
    const { changes } = await this.db.run(
      `UPDATE payment_orders SET checked_at = ?
        WHERE id = ? AND status = ? AND (checked_at IS NULL OR checked_at <= ?)`,
      [now, id, status, checkedBefore],
    );
    return changes === 1;
  }

  /** The conditional UPDATE of the order decides who grants; the loser reads the grant. */
  grant(
    order: Pick<OrderRow, 'id' | 'user_id'>,
    captureId: string,
    now: string,
    period: GrantPeriod,
  ): Promise<{ proUntil: string; start: string | null }> {
    return this.db.transaction(async (tx) => {
      await tx.lock(`user:${order.user_id}`);
      const user = await tx.first<{ pro_until: string | null }>(
        'SELECT pro_until FROM users WHERE id = ?',
        [order.user_id],
      );
      const { start, proUntil } = period(user?.pro_until ?? null);
      const { changes } = await tx.run(
        `UPDATE payment_orders
            SET status = 'captured', capture_id = ?, captured_at = ?, pro_until = ?,
                period_start = ?, checked_at = ?
          WHERE id = ? AND status IN ('created', 'pending')`,
        [captureId, now, proUntil, start, now, order.id],
      );
      if (changes === 0) {
        const done = await tx.first<{ pro_until: string | null }>(
          'SELECT pro_until FROM payment_orders WHERE id = ?',
          [order.id],
        );
        return { proUntil: done?.pro_until ?? proUntil, start: null };
      }
      await tx.run('UPDATE users SET pro_until = ? WHERE id = ?', [proUntil, order.user_id]);
      return { proUntil, start };
    });
  }

  /** Only a `captured` order is refunded, once. */
  refund(
    order: Pick<OrderRow, 'id' | 'user_id'>,
    now: string,
    period: RefundPeriod,
  ): Promise<{ proUntil: string | null } | null> {
    return this.db.transaction(async (tx) => {
      await tx.lock(`user:${order.user_id}`);
      const { changes } = await tx.run(
        "UPDATE payment_orders SET status = 'refunded', refunded_at = ? WHERE id = ? AND status = 'captured'",
        [now, order.id],
      );
      if (changes === 0) return null;
      const user = await tx.first<{ pro_until: string | null }>(
        'SELECT pro_until FROM users WHERE id = ?',
        [order.user_id],
      );
      const current = user?.pro_until ?? null;
      const next = period(current);
      if (next === null) return { proUntil: current };
      await tx.run('UPDATE users SET pro_until = ? WHERE id = ?', [next, order.user_id]);
      return { proUntil: next };
    });
  }

  /** Oldest first. */
  due(pendingSince: string, now: string): Promise<OrderRow[]> {
    return this.db.all<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders
        WHERE (status = 'pending' AND created_at > ?) OR (status = 'captured' AND pro_until > ?)
        ORDER BY created_at, id`,
      [pendingSince, now],
    );
  }

  /** Oldest first. */
  pendingOf(userId: number, since: string): Promise<OrderRow[]> {
    return this.db.all<OrderRow>(
      `SELECT ${ORDER_COLUMNS} FROM payment_orders
        WHERE user_id = ? AND status = 'pending' AND created_at > ? ORDER BY created_at, id`,
      [userId, since],
    );
  }
}
