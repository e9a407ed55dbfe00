import type { PaymentRepository } from '@mapsmith/app';
import type { User } from '@mapsmith/core';
import { PENDING_MAX_AGE_MS, type ReconcileDeps, reconcileUserPending } from './reconcile.js';

/** A payment PayPal has not completed yet, as `GET /api/user` carries it. */
export type PendingPayment = NonNullable<User['pendingPayment']>;

/**
 * The one place that decides whether a user has a payment pending at PayPal: their oldest
 * order whose capture answered PENDING and that is still reconciled (younger than
 * `PENDING_MAX_AGE_MS`). `GET /api/user` shows it, and a new order is refused while it exists.
 */
export async function pendingPaymentOf(
  payments: Pick<PaymentRepository, 'pendingOf'>,
  userId: number,
  nowMs: number,
): Promise<PendingPayment | null> {
  const [oldest] = await payments.pendingOf(
    userId,
    new Date(nowMs - PENDING_MAX_AGE_MS).toISOString(),
  );
  if (!oldest) return null;
  return { amount: oldest.amount, currency: oldest.currency, since: oldest.created_at };
}

/** Where a user's payments stand, as `GET /api/user` answers it. */
export interface PaymentStand {
  /** The user's new paid-until when reconciling just settled a pending payment. */
  fresh?: { proUntil: string | null };
  /** The payment still pending at PayPal, if any. */
  pending: PendingPayment | null;
}

/**
 * Reconciles the user's pending payments with PayPal (throttled, see `reconcileUserPending`),
 * then says which one is still pending. A failure to read the orders is logged and answered as
 * nothing pending: the user's answer does not depend on it, and a second order is still
 * checked by `createProOrder`.
 */
export async function paymentStandOf(
  deps: ReconcileDeps,
  userId: number,
  nowMs: number = Date.now(),
): Promise<PaymentStand> {
  const fresh = await reconcileUserPending(deps, userId, nowMs);
  try {
    return { fresh, pending: await pendingPaymentOf(deps.repos.accounts.payments, userId, nowMs) };
  } catch (err) {
    deps.logger.error('pending payments could not be read', { userId, error: String(err) });
    return { fresh, pending: null };
  }
}
