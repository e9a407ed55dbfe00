/** Contract suite of payment orders, on every database kind (two handles for the races). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlPaymentRepository } from './payments.js';
import type { GrantPeriod } from './ports.js';
import { SqlUserRepository } from './users.js';

const NOW = '2026-11-22T12:00:00.000Z';
const HOUR_AGO = '2026-11-22T11:00:00.000Z';
const MONTH = 30 * 24 * 60 * 60 * 1000;
/** A month after the current paid period, or after now (the shape of the real grant). */
const oneMonth: GrantPeriod = (current) => {
  const base = current && current > NOW ? current : NOW;
  return { start: base, proUntil: new Date(Date.parse(base) + MONTH).toISOString() };
};

describe.each(testDatabaseKinds)('PaymentRepository on %s', (kind) => {
  let test: TestDatabase;
  let payments: SqlPaymentRepository;
  let users: SqlUserRepository;
  let userId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    payments = new SqlPaymentRepository(test.db);
    users = new SqlUserRepository(test.db);
    const made = await users.create({
      username: 'olga',
      email: 'olga@example.test',
      passwordHash: 'h',
    });
    userId = made.ok ? made.id : 0;
  });
  afterEach(() => test.close());

  const order = async (id: string, paypalId = `PP-${id}`) => {
    const reserved = await payments.reserveOrder(
      { id, userId, amount: '9.00', currency: 'EUR', createdAt: NOW },
      HOUR_AGO,
      100,
    );
    expect(reserved).toEqual({ ok: true });
    await payments.setPayPalId(id, paypalId);
    return { id, user_id: userId };
  };

  it('reuses an open order, finds orders by PayPal id for their owner only, deletes', async () => {
    await order('o1');
    expect(await payments.openOrder(userId, '9.00', 'EUR', HOUR_AGO)).toBe('PP-o1');
    expect(await payments.openOrder(userId, '19.00', 'EUR', HOUR_AGO)).toBeNull();
    expect(await payments.byPayPalId('PP-o1', userId)).toMatchObject({
      id: 'o1',
      status: 'created',
    });
    expect(await payments.byPayPalId('PP-o1', userId + 1)).toBeUndefined();
    await payments.deleteOrder('o1');
    expect(await payments.byPayPalId('PP-o1', userId)).toBeUndefined();
  });

  it('holds the hourly order cap when 12 reservations race on two handles', async () => {
    const other = new SqlPaymentRepository(await test.openAnother());
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? other : payments).reserveOrder(
          { id: `r${i}`, userId, amount: '9.00', currency: 'EUR', createdAt: NOW },
          HOUR_AGO,
          10,
        ),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, oldest: NOW });
  });

  it('grants a capture once however many times 8 racing reports on two handles give it', async () => {
    const o = await order('g1');
    const other = new SqlPaymentRepository(await test.openAnother());
    const grants = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : payments).grant(o, 'CAP-1', NOW, oneMonth),
      ),
    );
    const expected = new Date(Date.parse(NOW) + MONTH).toISOString();
    expect(new Set(grants.map((g) => g.proUntil))).toEqual(new Set([expected]));
    expect(await users.proUntil(userId)).toBe(expected);
    expect(await payments.byPayPalId('PP-g1', userId)).toMatchObject({
      status: 'captured',
      capture_id: 'CAP-1',
      period_start: NOW,
      pro_until: expected,
    });
  });

  it('stacks two orders of one user granted at once on two handles', async () => {
    const a = await order('s1');
    const b = await order('s2');
    const other = new SqlPaymentRepository(await test.openAnother());
    await Promise.all([
      payments.grant(a, 'CAP-a', NOW, oneMonth),
      other.grant(b, 'CAP-b', NOW, oneMonth),
    ]);
    expect(await users.proUntil(userId)).toBe(new Date(Date.parse(NOW) + 2 * MONTH).toISOString());
  });

  it('refunds once however many times 8 racing reports on two handles give it', async () => {
    const o = await order('f1');
    await payments.grant(o, 'CAP-f', NOW, oneMonth);
    const other = new SqlPaymentRepository(await test.openAnother());
    let calls = 0;
    const back = (current: string | null) => {
      calls += 1;
      return current ? new Date(Date.parse(current) - MONTH).toISOString() : null;
    };
    const refunds = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? other : payments).refund(o, NOW, back)),
    );
    expect(refunds.filter((r) => r !== null)).toEqual([{ proUntil: NOW }]);
    expect(await users.proUntil(userId)).toBe(NOW);
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(await payments.byPayPalId('PP-f1', userId)).toMatchObject({ status: 'refunded' });
  });

  it('marks pending, rejects, lists due orders, and lets one of racing checks ask PayPal', async () => {
    await order('p1');
    await payments.markPending('p1', 'CAP-p', NOW);
    expect(await payments.pendingOf(userId, HOUR_AGO)).toMatchObject([
      { id: 'p1', capture_id: 'CAP-p' },
    ]);
    expect((await payments.due(HOUR_AGO, NOW)).map((o) => o.id)).toEqual(['p1']);
    const other = new SqlPaymentRepository(await test.openAnother());
    const later = '2026-11-22T12:05:00.000Z';
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : payments).claimCheck('p1', 'pending', later, '2026-11-22T12:04:00.000Z'),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await payments.reject('p1', 'DECLINED', true)).toBe(true);
    expect(await payments.reject('p1', 'DECLINED', true)).toBe(false);
    expect(await payments.byPayPalId('PP-p1', userId)).toMatchObject({
      status: 'rejected',
      failure: 'DECLINED',
    });
    // A granted order is never turned into a rejected one.
    const g = await order('p2');
    await payments.grant(g, 'CAP-2', NOW, oneMonth);
    expect(await payments.reject('p2', 'late failure', false)).toBe(false);
  });
});
