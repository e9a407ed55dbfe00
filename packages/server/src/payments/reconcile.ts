import type { OrderRow, Repositories } from '@mapsmith/app';
import type { Logger } from '@mapsmith/core';
import type { Mailer } from '../mail/mailer.js';
import { grant } from './grant.js';
import type { PayPalClient } from './paypal-client.js';
import { takeBackMonth } from './refund.js';
import { checkCaptureDetails } from './verify-capture.js';

/** What reconciling orders with PayPal needs. */
export interface ReconcileDeps {
  /** Orders and users (`repos.accounts`). */
  repos: Pick<Repositories, 'accounts'>;
  /** Null when PayPal is not configured: nothing is reconciled. */
  paypal: PayPalClient | null;
  logger: Logger;
  /** Sends the receipt when a pending payment completes. */
  mailer: Mailer;
  /** Where refunds are asked for (named in the receipt). */
  supportEmail: string;
}

const MINUTE_MS = 60_000;
/** A pending order is asked about at most once a minute (a user refreshing cannot flood PayPal). */
export const PENDING_CHECK_MS = MINUTE_MS;
/** A captured order whose month still runs is asked about refunds at most once an hour. */
export const REFUND_CHECK_MS = 60 * MINUTE_MS;
/** Pending orders older than this are no longer asked about (PayPal settles eChecks in days). */
export const PENDING_MAX_AGE_MS = 30 * 24 * 60 * MINUTE_MS;

/** What one reconciliation changed. */
export type ReconcileOutcome = 'granted' | 'rejected' | 'refunded' | 'unchanged' | 'skipped';

/**
 * Claims the right to ask PayPal about `row` now: sets `checked_at` unless another check of it
 * happened within `throttleMs`. One conditional UPDATE, so of concurrent reconciliations (on
 * any server) only one asks PayPal.
 */
function claim(deps: ReconcileDeps, row: OrderRow, nowMs: number, throttleMs: number) {
  return deps.repos.accounts.payments.claimCheck(
    row.id,
    row.status,
    new Date(nowMs).toISOString(),
    new Date(nowMs - throttleMs).toISOString(),
  );
}

/**
 * Asks PayPal (`GET /v2/payments/captures/{id}`) where a pending or captured order's capture
 * stands and applies it: a pending capture that COMPLETED (with our amount, currency and order
 * id) grants Pro like a direct capture; DECLINED, FAILED or a capture that does not check out
 * rejects the order with the reason; a captured order PayPal reports REFUNDED loses its month.
 * PARTIALLY_REFUNDED keeps Pro: PayPal reports a refund of the whole amount (even in parts) as
 * REFUNDED. Throttled per order; a PayPal failure is logged and retried at the next check.
 */
export async function reconcileOrder(
  deps: ReconcileDeps,
  row: OrderRow,
  nowMs: number,
): Promise<ReconcileOutcome> {
  const { paypal, logger } = deps;
  const { payments } = deps.repos.accounts;
  if (!paypal || !row.capture_id) return 'skipped';
  if (row.status !== 'pending' && row.status !== 'captured') return 'skipped';
  const throttle = row.status === 'pending' ? PENDING_CHECK_MS : REFUND_CHECK_MS;
  if (!(await claim(deps, row, nowMs, throttle))) return 'skipped';
  let capture: Awaited<ReturnType<PayPalClient['getCapture']>>;
  try {
    capture = await paypal.getCapture(row.capture_id);
  } catch (err) {
    logger.warn('paypal capture lookup failed', { orderId: row.id, error: String(err) });
    return 'unchanged';
  }
  if (row.status === 'captured') {
    if (capture.status !== 'REFUNDED') return 'unchanged';
    const taken = await takeBackMonth(payments, row, nowMs);
    if (taken) logger.info('paypal capture refunded; its Pro month was taken back', taken);
    return taken ? 'refunded' : 'unchanged';
  }
  const check = checkCaptureDetails(capture, {
    customId: row.id,
    amount: row.amount,
    currency: row.currency,
  });
  if (check.ok) {
    const { proUntil } = await grant(deps, row, check.captureId, nowMs);
    logger.info('pending paypal capture completed; Pro granted', { orderId: row.id, proUntil });
    return 'granted';
  }
  if (check.pending) return 'unchanged';
  if (!(await payments.reject(row.id, check.reason, true))) return 'unchanged';
  logger.error('pending paypal capture refused', { orderId: row.id, reason: check.reason });
  return 'rejected';
}

/**
 * The periodic pass: pending orders younger than 30 days, and captured orders whose paid month
 * still runs (refund check). Each order is throttled as in `reconcileOrder`. Resolves with what
 * changed, by outcome.
 */
export async function reconcileDue(
  deps: ReconcileDeps,
  nowMs: number,
): Promise<Record<ReconcileOutcome, number>> {
  const counts = { granted: 0, rejected: 0, refunded: 0, unchanged: 0, skipped: 0 };
  if (!deps.paypal) return counts;
  const rows = await deps.repos.accounts.payments.due(
    new Date(nowMs - PENDING_MAX_AGE_MS).toISOString(),
    new Date(nowMs).toISOString(),
  );
  for (const row of rows) counts[await reconcileOrder(deps, row, nowMs)] += 1;
  return counts;
}

/**
 * On demand (`GET /api/user`): reconciles the user's pending orders (throttled to once a minute
 * each), so a user who reloads sees Pro as soon as PayPal completes the payment. Resolves with
 * the user's `pro_until` when something changed, else undefined; a failure is logged, never
 * thrown (the user's answer does not depend on it).
 */
export async function reconcileUserPending(
  deps: ReconcileDeps,
  userId: number,
  nowMs: number = Date.now(),
): Promise<{ proUntil: string | null } | undefined> {
  if (!deps.paypal) return undefined;
  try {
    const rows = await deps.repos.accounts.payments.pendingOf(
      userId,
      new Date(nowMs - PENDING_MAX_AGE_MS).toISOString(),
    );
    let changed = false;
    for (const row of rows) {
      const outcome = await reconcileOrder(deps, row, nowMs);
      if (outcome === 'granted' || outcome === 'rejected') changed = true;
    }
    if (!changed) return undefined;
    return { proUntil: await deps.repos.accounts.users.proUntil(userId) };
  } catch (err) {
    deps.logger.error('payment reconciliation on demand failed', { userId, error: String(err) });
    return undefined;
  }
}
