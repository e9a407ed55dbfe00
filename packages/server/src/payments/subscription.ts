import { randomUUID } from 'node:crypto';
import { AppError, type Repositories } from '@mapsmith/app';
import { type Logger, moneyText, PRO_PRICE } from '@mapsmith/core';
import type { Mailer } from '../mail/mailer.js';
import { grant } from './grant.js';
import { type PayPalClient, PayPalError, type PayPalOrder } from './paypal-client.js';
import { pendingPaymentOf } from './pending.js';
import { formatEndDate } from './pro-reminder.js';
import { reconcileOrder } from './reconcile.js';
import { checkCapture } from './verify-capture.js';

/** What the Pro checkout needs. */
export interface CheckoutDeps {
  /** Orders and users (`repos.accounts`). */
  repos: Pick<Repositories, 'accounts'>;
  /** Null when PayPal is not configured. */
  paypal: PayPalClient | null;
  logger: Logger;
  /** Sends the receipt of every captured payment. */
  mailer: Mailer;
  /** Where refunds are asked for (named in the receipt). */
  supportEmail: string;
  now?: () => number;
}

const NOT_CONFIGURED = 'Payment processing is not configured yet';

function requirePayPal(deps: CheckoutDeps): PayPalClient {
  if (!deps.paypal) {
    throw new AppError(
      'payment.not-configured',
      NOT_CONFIGURED,
      'Contact support by e-mail for Pro access.',
    );
  }
  return deps.paypal;
}

/** Orders one user may open per hour; each is a row here and a call to PayPal's API. */
export const ORDERS_PER_HOUR = 10;
/** How long an open order is offered again instead of a new one (PayPal keeps it longer). */
const REUSE_MS = 60 * 60 * 1000;
/** Order creations in progress, per repository and user: parallel clicks share one. */
const creating = new WeakMap<object, Map<number, Promise<string>>>();

/**
 * The PayPal order for one month of Pro: the user's open order for the same price when there
 * is one from the last hour (a reloaded page, a second click), otherwise a new one, at most
 * `ORDERS_PER_HOUR` an hour (429 `payment.order-limit`, counted atomically per user in the
 * database, so it holds across servers). Parallel requests of one user to one server share
 * one creation, so a script cannot open a hundred orders at once.
 */
export function createProOrder(deps: CheckoutDeps, userId: number): Promise<string> {
  const key = deps.repos.accounts.payments;
  let mine = creating.get(key);
  if (!mine) {
    mine = new Map();
    creating.set(key, mine);
  }
  const running = mine.get(userId);
  if (running) return running;
  const inProgress = mine;
  const work = openOrReuse(deps, userId).finally(() => inProgress.delete(userId));
  inProgress.set(userId, work);
  return work;
}

async function openOrReuse(deps: CheckoutDeps, userId: number): Promise<string> {
  const paypal = requirePayPal(deps);
  const now = (deps.now ?? Date.now)();
  const { payments } = deps.repos.accounts;
  const pending = await pendingPaymentOf(payments, userId, now);
  if (pending) {
    throw new AppError(
      'payment.pending',
      'Payment pending',
      `A ${moneyText(pending.amount, pending.currency)} payment from ${formatEndDate(pending.since)} is pending at PayPal; Pro starts when it clears. A second payment is not taken meanwhile.`,
    );
  }
  const open = await payments.openOrder(
    userId,
    PRO_PRICE.value,
    PRO_PRICE.currency,
    new Date(now - REUSE_MS).toISOString(),
  );
  if (open) return open;
  const id = randomUUID();
  const reserved = await payments.reserveOrder(
    {
      id,
      userId,
      amount: PRO_PRICE.value,
      currency: PRO_PRICE.currency,
      createdAt: new Date(now).toISOString(),
    },
    new Date(now - 60 * 60 * 1000).toISOString(),
    ORDERS_PER_HOUR,
  );
  if (!reserved.ok) {
    const oldest = Date.parse(reserved.oldest);
    const wait = Math.max(1, Math.ceil((oldest + 60 * 60 * 1000 - now) / 1000));
    throw new AppError(
      'payment.order-limit',
      'Too many payment attempts',
      `You can open ${ORDERS_PER_HOUR} PayPal orders an hour. Please try again later.`,
      { headers: { 'Retry-After': String(wait) } },
    );
  }
  return createOrder(deps, paypal, id);
}

/**
 * Creates the PayPal order of our reserved order `id`. The price comes from PRO_PRICE on the
 * server, never from the browser; our own order id travels as `custom_id` and as the
 * idempotency key.
 */
async function createOrder(deps: CheckoutDeps, paypal: PayPalClient, id: string): Promise<string> {
  let order: PayPalOrder;
  try {
    order = await paypal.createOrder({
      customId: id,
      amount: { value: PRO_PRICE.value, currency: PRO_PRICE.currency },
      description: 'Mapsmith Pro, 1 month',
      requestId: `create-${id}`,
    });
  } catch (err) {
    await deps.repos.accounts.payments.deleteOrder(id);
    deps.logger.error('paypal create order failed', { error: String(err) });
    throw new AppError(
      'payment.create-failed',
      'Failed to create PayPal order',
      'PayPal did not accept the order',
    );
  }
  await deps.repos.accounts.payments.setPayPalId(id, order.id);
  return order.id;
}

/** What a pending payment answers until PayPal completes it (GET /api/user reconciles it). */
const PENDING_TEXT =
  'PayPal has not completed the payment yet. Pro starts as soon as PayPal completes it: reload this page or open your dashboard to see it.';

/**
 * Captures an approved order and grants Pro until one month after the capture (or after the
 * current paid period, when the user renews early). Nothing is granted unless the capture checks
 * out; capturing the same order again answers the first grant and grants nothing more. A PENDING
 * capture is recorded (`pending`, with its capture id) and reconciled later; asking about that
 * order again reconciles it with PayPal (at most once a minute).
 */
export async function captureProOrder(
  deps: CheckoutDeps,
  userId: number,
  paypalOrderId: string,
): Promise<{ proUntil: string }> {
  const paypal = requirePayPal(deps);
  const now = (deps.now ?? Date.now)();
  const { payments } = deps.repos.accounts;
  const find = () => payments.byPayPalId(paypalOrderId, userId);
  let row = await find();
  if (!row) {
    throw new AppError('payment.unknown-order', 'Unknown order', 'No such order for this account');
  }
  if (row.status === 'pending') {
    await reconcileOrder(deps, row, now);
    row = (await find()) ?? row;
    if (row.status === 'pending') throw pendingError();
  }
  if (row.status === 'captured' && row.pro_until) return { proUntil: row.pro_until };
  if (row.status === 'refunded') {
    throw new AppError('payment.refunded', 'Payment was refunded', 'PayPal refunded this payment.');
  }
  if (row.status === 'rejected') {
    throw new AppError(
      'payment.rejected',
      'Payment was not accepted',
      'Start a new payment or contact support.',
    );
  }
  let order: PayPalOrder;
  try {
    order = await paypal.captureOrder(paypalOrderId, `capture-${row.id}`);
  } catch (err) {
    throw captureFailure(deps, err);
  }
  const check = checkCapture(order, {
    customId: row.id,
    amount: row.amount,
    currency: row.currency,
  });
  if (!check.ok) {
    if (check.pending) {
      await payments.markPending(row.id, check.captureId, new Date(now).toISOString());
      deps.logger.info('paypal capture pending', { orderId: row.id });
      throw pendingError();
    }
    await payments.reject(row.id, check.reason, false);
    deps.logger.error('paypal capture refused', { orderId: row.id, reason: check.reason });
    throw new AppError(
      'payment.unverified',
      'Failed to process payment',
      `The payment could not be verified (${check.reason}). No Pro access was granted; contact support.`,
    );
  }
  return grant(deps, row, check.captureId, now);
}

function pendingError(): AppError {
  return new AppError('payment.pending', 'Payment pending', PENDING_TEXT);
}

function captureFailure(deps: CheckoutDeps, err: unknown): AppError {
  deps.logger.error('paypal capture failed', { error: String(err) });
  if (err instanceof PayPalError && err.issue === 'INSTRUMENT_DECLINED') {
    return new AppError(
      'payment.declined',
      'Payment declined',
      'PayPal declined the payment method; try another one.',
    );
  }
  if (err instanceof PayPalError && err.issue === 'ORDER_NOT_APPROVED') {
    return new AppError(
      'payment.not-approved',
      'Payment not approved',
      'The payment was not approved in PayPal yet.',
    );
  }
  return new AppError(
    'payment.failed',
    'Failed to process payment',
    'PayPal did not complete the payment.',
  );
}
