import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outboxMessagesTo,
  registerUser,
  type TestClient,
} from '../../../../../tests/servers/app-harness.js';
import { type PayPalTestApp, startPayPalTestApp } from '../../../../../tests/servers/paypal-app.js';
import { formatEndDate } from '../../payments/pro-reminder.js';

// Issue 26, point 2: a pending payment is said where the user looks, a second one is refused
// while it is pending, and every captured payment is followed by a receipt mail.
let services: PayPalTestApp;
let userCount = 0;

beforeAll(async () => {
  services = await startPayPalTestApp('cid-p', 'secret-p');
});

afterAll(() => services.close());

async function buyer(): Promise<{ client: TestClient; email: string }> {
  userCount += 1;
  const name = `pend${userCount}`;
  return { client: await registerUser(services.app.url, name), email: `${name}@example.test` };
}

async function pay(client: TestClient, behaviour: 'complete' | 'pending') {
  const created = await client.call('POST', '/api/paypal/create-order');
  expect(created.status).toBe(201);
  const orderID: string = created.body.orderID;
  services.paypal.setCaptureBehaviour(behaviour);
  const res = await client.call('POST', '/api/paypal/capture-order', { orderID });
  return { orderID, captureId: `CAP-${orderID}`, res };
}

const receipts = (email: string) =>
  outboxMessagesTo(services.app.server.context.config.dataDir, email).filter((m) =>
    m.includes('Subject: Your Mapsmith Pro receipt'),
  );

describe('a payment pending at PayPal', () => {
  it('is in the user answer, refuses a second order, and once it clears grants Pro with a receipt', async () => {
    const { client, email } = await buyer();
    const { orderID, captureId, res } = await pay(client, 'pending');
    expect(res.status).toBe(409);

    const user = (await client.call('GET', '/api/user')).body;
    expect(user).toMatchObject({
      isPro: false,
      pendingPayment: { amount: '3.00', currency: 'USD' },
    });
    expect(Date.now() - Date.parse(user.pendingPayment.since)).toBeLessThan(60_000);

    const second = await client.call('POST', '/api/paypal/create-order');
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('payment.pending');
    expect(second.body.message).toBe(
      `A $3 payment from ${formatEndDate(user.pendingPayment.since)} is pending at PayPal; Pro starts when it clears. A second payment is not taken meanwhile.`,
    );
    expect(receipts(email)).toHaveLength(0);

    // PayPal completes it; a reload after the minute's throttle reconciles it.
    services.paypal.updateCapture(captureId, { status: 'COMPLETED' });
    await services.app.server.context.db.run(
      'UPDATE payment_orders SET checked_at = ? WHERE paypal_order_id = ?',
      [new Date(Date.now() - 2 * 60_000).toISOString(), orderID],
    );
    const after = (await client.call('GET', '/api/user')).body;
    expect(after).toMatchObject({ isPro: true, pendingPayment: null });
    const [receipt, ...more] = receipts(email);
    expect(more).toHaveLength(0);
    expect(receipt).toContain('$3 through PayPal');
    expect(receipt).toContain(`until ${formatEndDate(after.proUntil)}`);
    expect(receipt).toMatch(/full refund within 7 days of paying/);
    expect(receipt).toContain('support@mapsmith.app');

    services.paypal.setCaptureBehaviour('complete');
    expect((await client.call('POST', '/api/paypal/create-order')).status).toBe(201);
  });
});

describe('the receipt', () => {
  it('follows a direct capture once, however often the order is captured again', async () => {
    const { client, email } = await buyer();
    const { orderID, res } = await pay(client, 'complete');
    expect(res.status).toBe(200);
    expect((await client.call('GET', '/api/user')).body.pendingPayment).toBeNull();
    await client.call('POST', '/api/paypal/capture-order', { orderID });
    const all = receipts(email);
    expect(all).toHaveLength(1);
    expect(all[0]).toContain(`until ${formatEndDate(res.body.proUntil)}`);
    expect(all[0]).toContain('one month of Mapsmith Pro');
  });
});
