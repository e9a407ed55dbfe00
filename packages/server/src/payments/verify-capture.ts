import { toCents } from './billing-period.js';
import type { PayPalCapture, PayPalOrder } from './paypal-client.js';

/** What we expect a capture to show: our order id, amount and currency. */
export interface ExpectedPayment {
  customId: string;
  amount: string;
  currency: string;
}

/** The outcome of checking a capture answer; a pending one names its capture for reconciling. */
export type CaptureCheck =
  | { ok: true; captureId: string }
  | { ok: false; pending: true; captureId: string; reason: string }
  | { ok: false; pending: false; reason: string };

/**
 * Checks a capture answer before anything is granted: the order and its capture COMPLETED, the
 * captured amount and currency equal to the price we set, and `custom_id` naming our order.
 * PayPal's answer is trusted only for what it proves; everything else refuses.
 */
export function checkCapture(order: PayPalOrder, expected: ExpectedPayment): CaptureCheck {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture) return { ok: false, pending: false, reason: 'PayPal reported no capture' };
  if (capture.status === 'COMPLETED' && order.status !== 'COMPLETED') {
    return { ok: false, pending: false, reason: `order status is ${order.status}` };
  }
  return checkCaptureDetails(
    { ...capture, custom_id: capture.custom_id ?? unit?.custom_id },
    expected,
  );
}

/**
 * The same checks on one capture (a capture answer's, or `GET /v2/payments/captures/{id}`):
 * COMPLETED, with our amount, currency and order id. PENDING is reported as pending.
 */
export function checkCaptureDetails(
  capture: PayPalCapture,
  expected: ExpectedPayment,
): CaptureCheck {
  if (capture.status === 'PENDING') {
    return {
      ok: false,
      pending: true,
      captureId: capture.id,
      reason: 'PayPal has not completed the payment yet',
    };
  }
  if (capture.status !== 'COMPLETED') {
    const why = capture.status_details?.reason;
    return {
      ok: false,
      pending: false,
      reason: `capture status is ${capture.status}${why ? ` (${why})` : ''}`,
    };
  }
  if (capture.amount?.currency_code !== expected.currency) {
    return {
      ok: false,
      pending: false,
      reason: `captured currency ${capture.amount?.currency_code ?? 'none'} is not ${expected.currency}`,
    };
  }
  if (toCents(capture.amount.value) !== toCents(expected.amount)) {
    return {
      ok: false,
      pending: false,
      reason: `captured amount ${capture.amount.value} is not ${expected.amount}`,
    };
  }
  if (capture.custom_id !== expected.customId) {
    return { ok: false, pending: false, reason: 'the capture does not name this order' };
  }
  return { ok: true, captureId: capture.id };
}
