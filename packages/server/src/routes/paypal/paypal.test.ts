import { PRO_PRICE } from '@mapsmith/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  registerUser,
  startTestApp,
  type TestApp,
  TestClient,
} from '../../../../../tests/servers/app-harness.js';
import { type PayPalTestApp, startPayPalTestApp } from '../../../../../tests/servers/paypal-app.js';
import type { PayPalStandIn } from '../../../../../tests/servers/paypal-server.js';
import { addOneMonth } from '../../payments/billing-period.js';

let services: PayPalTestApp;
let paypal: PayPalStandIn;
let app: TestApp;
let userCount = 0;

beforeAll(async () => {
  services = await startPayPalTestApp('cid-123', 'secret-456');
  ({ paypal, app } = services);
});

afterAll(() => services.close());

beforeEach(() => paypal.setCaptureBehaviour('complete'));

async function buyer(): Promise<TestClient> {
  userCount += 1;
  return registerUser(app.url, `buyer${userCount}`);
}

async function createOrder(client: TestClient): Promise<string> {
  const res = await client.call('POST', '/api/paypal/create-order');
  expect(res.status).toBe(201);
  return res.body.orderID;
}

describe('Pro through PayPal', () => {
  it('reuses the open order of the same user and price, and limits new orders per hour', async () => {
    const client = await buyer();
    const before = paypal.orders.size;
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => client.call('POST', '/api/paypal/create-order')),
    );
    expect(ids.every((r) => r.status === 201)).toBe(true);
    expect(new Set(ids.map((r) => r.body.orderID)).size).toBe(1);
    expect(paypal.orders.size).toBe(before + 1);
    // Closed orders (captured, rejected, expired) are not offered again: each new one counts.
    const { db } = app.server.context;
    const statuses: number[] = [];
    let last: { headers: Headers; body: { code?: string } } | undefined;
    for (let i = 0; i < 12; i++) {
      await db.run(
        "UPDATE payment_orders SET status = 'rejected' WHERE user_id = (SELECT id FROM users WHERE username = ?)",
        [`buyer${userCount}`],
      );
      const res = await client.call('POST', '/api/paypal/create-order');
      statuses.push(res.status);
      if (res.status === 429) last = res;
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(9);
    expect(statuses.slice(9)).toEqual([429, 429, 429]);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(last?.body.code).toBe('payment.order-limit');
  });

  it('creates a $3.00 USD order on the server, with our order id as custom_id', async () => {
    const client = await buyer();
    const orderID = await createOrder(client);
    const order = paypal.orders.get(orderID);
    expect(order?.amount).toEqual({ currency_code: PRO_PRICE.currency, value: PRO_PRICE.value });
    const row = await app.server.context.db.first<{ id: string }>(
      'SELECT id FROM payment_orders WHERE paypal_order_id = ?',
      [orderID],
    );
    expect(order?.customId).toBe(row?.id);
    const create = paypal.requests.filter((r) => r.path === '/v2/checkout/orders').at(-1);
    expect(create?.requestId).toBe(`create-${row?.id}`);
  });

  it('captures, grants Pro until one month after the capture, and grants it only once', async () => {
    const client = await buyer();
    const orderID = await createOrder(client);
    const before = Date.now();
    const first = await client.call('POST', '/api/paypal/capture-order', { orderID });
    expect(first.status).toBe(200);
    expect(first.body.success).toBe(true);
    const proUntil = Date.parse(first.body.proUntil);
    expect(proUntil).toBeGreaterThanOrEqual(addOneMonth(new Date(before)).getTime());
    expect(proUntil).toBeLessThanOrEqual(addOneMonth(new Date()).getTime());
    const user = await client.call('GET', '/api/user');
    expect(user.body).toMatchObject({ isPro: true, proUntil: first.body.proUntil });
    const again = await client.call('POST', '/api/paypal/capture-order', { orderID });
    expect(again.body).toEqual(first.body);
    expect((await client.call('GET', '/api/user')).body.proUntil).toBe(first.body.proUntil);
    const captures = paypal.requests.filter((r) => r.path.endsWith('/capture'));
    expect(captures.at(-1)?.requestId).toMatch(/^capture-/);
  });

  const refusals = [
    ['wrong-amount', 402, /amount 1\.00/],
    ['wrong-currency', 402, /currency EUR/],
    ['wrong-custom-id', 402, /does not name this order/],
    ['declined', 402, /declined/],
    ['pending', 409, /not completed/],
    ['not-approved', 409, /not approved/],
    ['server-error', 502, /did not complete/],
  ] as const;
  for (const [behaviour, status, message] of refusals) {
    it(`grants nothing when the capture is ${behaviour}`, async () => {
      const client = await buyer();
      const orderID = await createOrder(client);
      paypal.setCaptureBehaviour(behaviour);
      const res = await client.call('POST', '/api/paypal/capture-order', { orderID });
      expect(res.status).toBe(status);
      expect(res.body.message).toMatch(message);
      expect((await client.call('GET', '/api/user')).body).toMatchObject({
        isPro: false,
        proUntil: null,
      });
    });
  }

  it('lets a declined capture be retried and then grants', async () => {
    const client = await buyer();
    const orderID = await createOrder(client);
    paypal.setCaptureBehaviour('declined');
    expect((await client.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(402);
    paypal.setCaptureBehaviour('complete');
    const ok = await client.call('POST', '/api/paypal/capture-order', { orderID });
    expect(ok.status).toBe(200);
    expect((await client.call('GET', '/api/user')).body.isPro).toBe(true);
  });

  it('refuses a wrong-amount order for good, even if captured again', async () => {
    const client = await buyer();
    const orderID = await createOrder(client);
    paypal.setCaptureBehaviour('wrong-amount');
    expect((await client.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(402);
    paypal.setCaptureBehaviour('complete');
    expect((await client.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(402);
    expect((await client.call('GET', '/api/user')).body.isPro).toBe(false);
  });

  it("refuses another user's order, unknown orders, bad input and signed-out calls", async () => {
    const owner = await buyer();
    const thief = await buyer();
    const orderID = await createOrder(owner);
    expect((await thief.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(404);
    expect(
      (await thief.call('POST', '/api/paypal/capture-order', { orderID: 'NOPE' })).status,
    ).toBe(404);
    expect((await thief.call('POST', '/api/paypal/capture-order', {})).status).toBe(400);
    const anon = new TestClient(app.url);
    expect((await anon.call('POST', '/api/paypal/create-order')).status).toBe(401);
    expect((await anon.call('POST', '/api/paypal/capture-order', { orderID })).status).toBe(401);
    expect((await thief.call('GET', '/api/user')).body.isPro).toBe(false);
  });

  it('extends an active Pro period from its end when renewed early', async () => {
    const client = await buyer();
    const first = await client.call('POST', '/api/paypal/capture-order', {
      orderID: await createOrder(client),
    });
    const second = await client.call('POST', '/api/paypal/capture-order', {
      orderID: await createOrder(client),
    });
    expect(second.body.proUntil).toBe(addOneMonth(new Date(first.body.proUntil)).toISOString());
  });
});

describe('without PayPal configured', () => {
  it('GET /api/config has no client id and create-order says payment is not configured', async () => {
    const bare = await startTestApp();
    try {
      const config = await (await fetch(`${bare.url}/api/config`)).json();
      expect(config.paypal.clientId).toBeNull();
      const client = await registerUser(bare.url, 'nopay');
      const res = await client.call('POST', '/api/paypal/create-order');
      expect(res.status).toBe(503);
      expect(res.body.error).toBe('Payment processing is not configured yet');
    } finally {
      await bare.close();
    }
  });

  it('answers 502 when PayPal refuses our credentials', async () => {
    const wrong = await startTestApp({
      PAYPAL_CLIENT_ID: 'cid-123',
      PAYPAL_CLIENT_SECRET: 'not-the-secret',
      PAYPAL_API_BASE: paypal.url,
    });
    try {
      const client = await registerUser(wrong.url, 'badcreds');
      const res = await client.call('POST', '/api/paypal/create-order');
      expect(res.status).toBe(502);
      expect(res.body.error).toBe('Failed to create PayPal order');
    } finally {
      await wrong.close();
    }
  });
});
