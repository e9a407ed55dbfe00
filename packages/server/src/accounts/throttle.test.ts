/** WindowLimit over the database's rate limiter: one budget however many server processes. */

import { SqlRateLimiter } from '@mapsmith/app';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '@mapsmith/app/testing';
import type { SqlDatabase } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WindowLimit } from './throttle.js';

describe.each(testDatabaseKinds)('WindowLimit on %s', (kind) => {
  let test: TestDatabase;
  let now = 1_000_000;
  const clock = { now: () => now };
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    now = 1_000_000;
  });
  afterEach(() => test.close());
  const limitOn = (db: SqlDatabase, prefix: string, limit: number, windowMs: number) =>
    new WindowLimit(new SqlRateLimiter(db, clock), prefix, limit, windowMs, clock.now);

  it('allows the limit within the window, then waits until the oldest ages out', async () => {
    const limit = limitOn(test.db, 'm', 3, 60_000);
    for (let i = 0; i < 3; i++) {
      expect(await limit.take('k')).toBe(0);
      now += 1000;
    }
    expect(await limit.take('k')).toBe(57);
    expect(await limit.take('other')).toBe(0);
    now += 57_000;
    expect(await limit.take('k')).toBe(0);
  });

  it('gives two servers one budget: 5 an hour across both, whatever races', async () => {
    const a = limitOn(test.db, 'mail', 5, 3_600_000);
    const other = await test.openAnother();
    const b = limitOn(other, 'mail', 5, 3_600_000);
    const waits = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? b : a).take('reset:1')),
    );
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });
});
