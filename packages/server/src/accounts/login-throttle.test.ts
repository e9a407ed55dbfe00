/** The sign-in throttle over the database's failure log, on every database kind. */

import { SqlFailureLog } from '@mapsmith/app';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '@mapsmith/app/testing';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNT_GUARD_FAILURES,
  IP_FAILURE_LIMIT,
  LoginThrottle,
  MAX_DELAY_SECONDS,
} from './login-throttle.js';

describe.each(testDatabaseKinds)('LoginThrottle on %s', (kind) => {
  let test: TestDatabase;
  let now = 1_000_000;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    now = 1_000_000;
  });
  afterEach(() => test.close());
  const throttle = () => new LoginThrottle(new SqlFailureLog(test.db), () => now);

  it('doubles the wait of a guessing client past its free failures, up to the cap', async () => {
    const t = throttle();
    for (let i = 0; i < 5; i++) {
      expect(await t.wait('user:1', 'a')).toBe(0);
      await t.fail('user:1', 'a');
    }
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      const wait = await t.wait('user:1', 'a');
      waits.push(wait);
      now += wait * 1000;
      await t.fail('user:1', 'a');
    }
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    // Failures age out of the 15-minute window as the waits add up, so the wait levels off.
    expect(Math.max(...waits)).toBeGreaterThanOrEqual(256);
    expect(Math.max(...waits)).toBeLessThanOrEqual(MAX_DELAY_SECONDS);
    // Another client, and the same client on another account, go straight to the password.
    expect(await t.wait('user:1', 'b')).toBe(0);
    expect(await t.wait('user:2', 'a')).toBe(0);
  });

  it('delays every failing client once the account has many failures, never a fresh one', async () => {
    now = 0;
    const t = throttle();
    for (let i = 0; i < 11; i++) await t.fail('user:1', `ip${i}`);
    expect(await t.wait('user:1', 'ip0')).toBe(2);
    expect(await t.wait('user:1', 'fresh')).toBe(0);
    await t.succeed('user:1', 'ip0');
    expect(await t.wait('user:1', 'ip0')).toBe(0);
    now += 16 * 60 * 1000;
    await t.fail('user:1', 'ip1');
    expect(await t.wait('user:1', 'ip1')).toBe(0);
  });

  it('past 20 account failures, holds fresh clients to a growing account-wide delay, not known ones', async () => {
    now = 0;
    const t = throttle();
    await t.succeed('user:1', 'home');
    for (let i = 0; i < ACCOUNT_GUARD_FAILURES - 1; i++) await t.fail('user:1', `ip${i}`);
    expect(await t.wait('user:1', 'fresh')).toBe(0);
    // One guess per fresh address: each waits 2^n s after the account's latest failure.
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      await t.fail('user:1', `guess${i}`);
      const wait = await t.wait('user:1', `next${i}`);
      waits.push(wait);
      now += wait * 1000;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128]);
    // The owner's device, which signed in before, goes straight to the password.
    expect(await t.wait('user:1', 'home')).toBe(0);
    // Another account is not touched, and a reset (clearAccount) ends the delay.
    expect(await t.wait('user:2', 'fresh')).toBe(0);
    await t.clearAccount('user:1');
    expect(await t.wait('user:1', 'fresh')).toBe(0);
  });

  it('tells the owner once that the account guard started', async () => {
    const t = throttle();
    const notices: boolean[] = [];
    for (let i = 0; i < ACCOUNT_GUARD_FAILURES + 3; i++) {
      await t.fail('user:1', `ip${i}`);
      notices.push(await t.guardNotice('user:1'));
    }
    expect(notices.filter(Boolean)).toHaveLength(1);
    expect(notices.indexOf(true)).toBe(ACCOUNT_GUARD_FAILURES - 1);
  });

  it('refuses a client address after 30 failures over any accounts', async () => {
    const t = throttle();
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) await t.fail(`name:spray${i}`, 'x');
    expect(await t.wait('name:new', 'x')).toBe(15 * 60);
    expect(await t.wait('name:new', 'y')).toBe(0);
  });

  it('holds a burst of parallel attempts on two nodes to the free tries', async () => {
    const a = throttle();
    const b = new LoginThrottle(new SqlFailureLog(await test.openAnother()), () => now);
    const pair = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? b : a).begin('user:3', 'p')),
    );
    expect(pair.filter((r) => r.wait === 0)).toHaveLength(5);
    const spray = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? b : a).begin(`name:s${i}`, 'q')),
    );
    expect(spray.filter((r) => r.wait === 0)).toHaveLength(IP_FAILURE_LIMIT);
  });

  it('withdraws the provisional failure of a correct password', async () => {
    const t = throttle();
    for (let i = 0; i < 4; i++) await t.fail('user:4', 'w');
    const { wait, ticket } = await t.begin('user:4', 'w');
    expect(wait).toBe(0);
    expect(ticket).toHaveLength(3);
    await t.succeed('user:4', 'w', ticket);
    const log = new SqlFailureLog(test.db);
    expect((await log.recent('login-account:user:4', 0)).count).toBe(4);
    expect((await log.recent('login-pair:user:4\nw', 0)).count).toBe(0);
  });

  it('counts the failures of two server processes together', async () => {
    const a = throttle();
    const b = new LoginThrottle(new SqlFailureLog(await test.openAnother()), () => now);
    // 30 guesses spread over two nodes: the address is refused on both, as on one node.
    await Promise.all(
      Array.from({ length: IP_FAILURE_LIMIT }, (_, i) => (i % 2 ? b : a).fail(`name:n${i}`, 'x')),
    );
    expect(await a.wait('name:other', 'x')).toBeGreaterThan(0);
    expect(await b.wait('name:other', 'x')).toBeGreaterThan(0);
    // A pair's failures made on one node delay the same client on the other.
    for (let i = 0; i < 6; i++) await a.fail('user:7', 'z');
    expect(await b.wait('user:7', 'z')).toBe(2);
    await b.succeed('user:7', 'z');
    expect(await a.wait('user:7', 'z')).toBe(0);
  });
});
