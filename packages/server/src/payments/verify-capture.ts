import { toCents } from './billing-period.js';
import type { PayPalOrder } from './paypal-client.js';

/** What we expect a capture to show: our order id, amount and currency. */
export interface ExpectedPayment {
  customId: string;
  amount: string;
  currency: string;
}

/** The outcome of checking a capture answer. */
export type CaptureCheck =
  | { ok: true; captureId: string }
  | { ok: false; pending: boolean; reason: string };

/**
 * Checks a capture answer before anything is granted: the order and its capture COMPLETED, the
 * captured amount and currency equal to the price we set, and `custom_id` naming our order.
 * PayPal's answer is trusted only for what it proves; everything else refuses.
 */
export function checkCapture(order: PayPalOrder, expected: ExpectedPayment): CaptureCheck {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (!capture) return { ok: false, pending: false, reason: 'PayPal reported no capture' };
  if (capture.status === 'PENDING') {
    return { ok: false, pending: true, reason: 'PayPal has not completed the payment yet' };
  }
  if (order.status !== 'COMPLETED' || capture.status !== 'COMPLETED') {
    return { ok: false, pending: false, reason: `capture status is ${capture.status}` };
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
  const customId = capture.custom_id ?? unit?.custom_id;
  if (customId !== expected.customId) {
    return { ok: false, pending: false, reason: 'the capture does not name this order' };
  }
  return { ok: true, captureId: capture.id };
}
