import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  registerUser,
  startTestApp,
  type TestApp,
  type TestClient,
  waitFor,
} from '../../../../../tests/servers/app-harness.js';
import { type PayPalTestApp, startPayPalTestApp } from '../../../../../tests/servers/paypal-app.js';
import type { PayPalStandIn } from '../../../../../tests/servers/paypal-server.js';
import { PaymentReconcileTask } from '../../jobs/payment-reconcile-task.js';
import { createMailer } from '../../mail/mailer.js';
import { addOneMonth } from '../../payments/billing-period.js';
import { createPayPalClient } from '../../payments/paypal-client.js';
import { outboxDir } from '../../server.js';
import { SUPPORT_EMAIL } from '../config/router.js';

const MINUTE = 60_000;
let services: PayPalTestApp;
let paypal: PayPalStandIn;
let app: TestApp;
let task: PaymentReconcileTask;
let userCount = 0;

beforeAll(async () => {
  services = await startPayPalTestApp('cid-r', 'secret-r');
  ({ paypal, app } = services);
  const { repos, logger, config } = app.server.context;
  const mailer = createMailer({
    smtpUrl: null,
    from: config.mailFrom,
    outboxDir: outboxDir(config.dataDir),
    logger,
  });
  task = new PaymentReconcileTask({
    repos,
    logger,
    mailer,
    supportEmail: SUPPORT_EMAIL,
    paypal: createPayPalClient(config.paypal),
  });
});

afterAll(() => services.close());

beforeEach(() => paypal.setCaptureBehaviour('complete'));

interface OrderState {
  status: string;
  failure: string | null;
  pro_until: string | null;
  capture_id: string | null;
}

const order = async (orderID: string) =>
  (await app.server.context.db.first<OrderState>(
    'SELECT status, failure, pro_until, capture_id FROM payment_orders WHERE paypal_order_id = ?',
    [orderID],
  )) as OrderState;

const lookups = (captureId: string) =>
  paypal.requests.filter(
    (r) => r.method === 'GET' && r.path === `/v2/payments/captures/${captureId}`,
  ).length;

/** Lets the next check of `orderID` through the throttle, as if the last one was long ago. */
const ageCheck = (orderID: string) =>
  app.server.context.db.run('UPDATE payment_orders SET checked_at = ? WHERE paypal_order_id = ?', [
    new Date(Date.now() - 2 * 60 * MINUTE).toISOString(),
    orderID,
  ]);

async function buyer(): Promise<TestClient> {
  userCount += 1;
  return registerUser(app.url, `recon${userCount}`);
}

async function pay(client: TestClient, behaviour: 'complete' | 'pending') {
  const created = await client.call('POST', '/api/paypal/create-order');
  const orderID: string = created.body.orderID;
  paypal.setCaptureBehaviour(behaviour);
  const res = await client.call('POST', '/api/paypal/capture-order', { orderID });
  return { orderID, captureId: `CAP-${orderID}`, res };
}

describe('pending PayPal captures', () => {
  it('records a pending capture, grants nothing, then grants once when PayPal completes it', async () => {
    const client = await buyer();
    const { orderID, captureId, res } = await pay(client, 'pending');
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/not completed.*as soon as PayPal completes it/);
    expect(await order(orderID)).toMatchObject({ status: 'pending', capture_id: captureId });
    expect((await client.call('GET', '/api/user')).body).toMatchObject({ isPro: false });

    paypal.updateCapture(captureId, { status: 'COMPLETED', reason: undefined });
    // Checked at the capture a moment ago: a reload within the minute does not ask PayPal again.
    expect((await client.call('GET', '/api/user')).body.isPro).toBe(false);
    expect((await client.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(409);
    expect(lookups(captureId)).toBe(0);

    const at = Date.now() + 2 * MINUTE;
    const [a, b] = await Promise.all([task.perform(at), task.perform(at)]);
    expect(a.granted + b.granted).toBe(1);
    expect(lookups(captureId)).toBe(1);
    const proUntil = addOneMonth(new Date(at)).toISOString();
    expect(await order(orderID)).toMatchObject({ status: 'captured', pro_until: proUntil });
    expect((await client.call('GET', '/api/user')).body).toMatchObject({ isPro: true, proUntil });
    const again = await client.call('POST', '/api/paypal/capture-order', { orderID });
    expect(again.body).toEqual({ success: true, proUntil });
    expect((await task.perform(at + 5 * MINUTE)).granted).toBe(0);
    expect((await client.call('GET', '/api/user')).body.proUntil).toBe(proUntil);
  });

  it('grants on GET /api/user once PayPal completes it, once across racing reloads', async () => {
    const client = await buyer();
    const { orderID, captureId } = await pay(client, 'pending');
    paypal.updateCapture(captureId, { status: 'COMPLETED' });
    await ageCheck(orderID);
    const before = Date.now();
    const answers = await Promise.all([
      client.call('GET', '/api/user'),
      client.call('GET', '/api/user'),
      client.call('POST', '/api/paypal/capture-order', { orderID }),
    ]);
    expect(lookups(captureId)).toBe(1);
    expect(answers.some((r) => r.body.isPro === true || r.body.success === true)).toBe(true);
    const user = (await client.call('GET', '/api/user')).body;
    expect(user.isPro).toBe(true);
    expect(Date.parse(user.proUntil)).toBeGreaterThanOrEqual(
      addOneMonth(new Date(before)).getTime(),
    );
    expect(Date.parse(user.proUntil)).toBeLessThanOrEqual(addOneMonth(new Date()).getTime());
    expect((await order(orderID)).pro_until).toBe(user.proUntil);
  });

  it('rejects a pending capture PayPal declines, granting nothing', async () => {
    const client = await buyer();
    const { orderID, captureId } = await pay(client, 'pending');
    paypal.updateCapture(captureId, {
      status: 'DECLINED',
      reason: 'DECLINED_BY_RISK_FRAUD_FILTERS',
    });
    const counts = await task.perform(Date.now() + 2 * MINUTE);
    expect(counts.rejected).toBeGreaterThanOrEqual(1);
    expect(await order(orderID)).toMatchObject({
      status: 'rejected',
      failure: 'capture status is DECLINED (DECLINED_BY_RISK_FRAUD_FILTERS)',
      pro_until: null,
    });
    expect((await client.call('GET', '/api/user')).body).toMatchObject({
      isPro: false,
      proUntil: null,
    });
    expect((await client.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(402);
  });

  it('grants nothing when the completed capture shows a wrong amount', async () => {
    const client = await buyer();
    const { orderID, captureId } = await pay(client, 'pending');
    paypal.updateCapture(captureId, {
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '1.00' },
    });
    await task.perform(Date.now() + 2 * MINUTE);
    expect(await order(orderID)).toMatchObject({ status: 'rejected', pro_until: null });
    expect((await order(orderID)).failure).toMatch(/amount 1\.00 is not 3\.00/);
    expect((await client.call('GET', '/api/user')).body.isPro).toBe(false);
  });

  it('keeps an order pending while PayPal still says PENDING, and survives PayPal failing', async () => {
    const client = await buyer();
    const { orderID, captureId } = await pay(client, 'pending');
    await task.perform(Date.now() + 2 * MINUTE);
    expect((await order(orderID)).status).toBe('pending');
    paypal.captures.delete(captureId);
    await task.perform(Date.now() + 4 * MINUTE);
    expect((await order(orderID)).status).toBe('pending');
    expect(app.logs.some((l) => l.message === 'paypal capture lookup failed')).toBe(true);
  });
});

describe('the periodic reconciliation', () => {
  it('runs on its own every MAPSMITH_PAYMENT_RECONCILE_MS', async () => {
    const fast = await startTestApp({
      PAYPAL_CLIENT_ID: 'cid-r',
      PAYPAL_CLIENT_SECRET: 'secret-r',
      PAYPAL_API_BASE: paypal.url,
      MAPSMITH_PAYMENT_RECONCILE_MS: '1000',
    });
    try {
      const client = await registerUser(fast.url, 'recon-fast');
      const { orderID, captureId, res } = await pay(client, 'pending');
      expect(res.status).toBe(409);
      paypal.updateCapture(captureId, { status: 'COMPLETED' });
      await fast.server.context.db.run(
        'UPDATE payment_orders SET checked_at = ? WHERE paypal_order_id = ?',
        [new Date(Date.now() - 2 * MINUTE).toISOString(), orderID],
      );
      const status = await waitFor(async () => {
        const row = await fast.server.context.db.first<{ status: string }>(
          'SELECT status FROM payment_orders WHERE paypal_order_id = ?',
          [orderID],
        );
        return row?.status === 'captured' ? row.status : undefined;
      }, 4000);
      expect(status).toBe('captured');
      // The pass logs once it is done (after the grant's receipt mail), a moment after the grant.
      const logged = await waitFor(
        async () => fast.logs.some((l) => l.message === 'payment orders reconciled') || undefined,
        4000,
      );
      expect(logged).toBe(true);
    } finally {
      await fast.close();
    }
  });
});

describe('refunds', () => {
  it('takes back only the refunded month of two stacked ones, then ends Pro', async () => {
    const client = await buyer();
    const first = await pay(client, 'complete');
    const second = await pay(client, 'complete');
    const p1 = first.res.body.proUntil as string;
    const p2 = second.res.body.proUntil as string;
    expect(p2).toBe(addOneMonth(new Date(p1)).toISOString());
    const start1 = (
      await app.server.context.db.first<{ captured_at: string }>(
        'SELECT captured_at FROM payment_orders WHERE paypal_order_id = ?',
        [first.orderID],
      )
    )?.captured_at as string;

    paypal.updateCapture(first.captureId, { status: 'REFUNDED' });
    // Captured a moment ago: the hourly refund check has not come round yet.
    await task.perform(Date.now());
    expect((await order(first.orderID)).status).toBe('captured');
    await ageCheck(first.orderID);
    await ageCheck(second.orderID);
    expect((await task.perform(Date.now())).refunded).toBe(1);
    expect((await order(first.orderID)).status).toBe('refunded');
    const left = Date.parse(p2) - (Date.parse(p1) - Date.parse(start1));
    expect((await client.call('GET', '/api/user')).body).toMatchObject({
      isPro: true,
      proUntil: new Date(left).toISOString(),
    });
    const line = app.logs.find((l) => l.message.startsWith('paypal capture refunded'));
    expect(line?.fields).toMatchObject({ proUntil: new Date(left).toISOString() });
    expect(JSON.stringify(app.logs)).not.toContain('secret-r');

    paypal.updateCapture(second.captureId, { status: 'REFUNDED' });
    await ageCheck(second.orderID);
    const now = Date.now();
    await task.perform(now);
    const user = (await client.call('GET', '/api/user')).body;
    expect(user.isPro).toBe(false);
    expect(Date.parse(user.proUntil)).toBe(now);
    expect((await client.call('POST', '/api/paypal/capture-order', second)).status).toBe(402);
  });

  it('keeps Pro after a partial refund', async () => {
    const client = await buyer();
    const paid = await pay(client, 'complete');
    paypal.updateCapture(paid.captureId, { status: 'PARTIALLY_REFUNDED' });
    await ageCheck(paid.orderID);
    await task.perform(Date.now());
    expect((await order(paid.orderID)).status).toBe('captured');
    expect((await client.call('GET', '/api/user')).body).toMatchObject({
      isPro: true,
      proUntil: paid.res.body.proUntil,
    });
  });
});
