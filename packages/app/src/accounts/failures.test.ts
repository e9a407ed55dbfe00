/** Contract suite of the failure log (sign-in throttling), on every database kind. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlFailureLog } from './failures.js';

describe.each(testDatabaseKinds)('FailureLog on %s', (kind) => {
  let test: TestDatabase;
  let log: SqlFailureLog;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    log = new SqlFailureLog(test.db);
  });
  afterEach(() => test.close());

  it('counts failures after a time, with the latest and the nth latest, per key', async () => {
    for (const at of [100, 200, 300, 400]) await log.record(['a', 'b'], at);
    expect(await log.recent('a', 150, 2)).toEqual({ count: 3, latest: 400, nthLatest: 300 });
    expect(await log.recent('a', 0, 5)).toEqual({ count: 4, latest: 400, nthLatest: null });
    expect(await log.recent('a', 400)).toEqual({ count: 0, latest: null, nthLatest: null });
    await log.clear('a');
    expect((await log.recent('a', 0)).count).toBe(0);
    expect((await log.recent('b', 0)).count).toBe(4);
  });

  it('records an attempt only when the decision allows it, atomically across two handles', async () => {
    const other = new SqlFailureLog(await test.openAnother());
    // At most 3 attempts: each one decides on the attempts recorded before it.
    const decide = (stats: ReadonlyMap<string, { count: number }>) =>
      (stats.get('k')?.count ?? 0) >= 3 ? 60 : 0;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : log).attempt([{ key: 'k' }, { key: 'j' }], 0, 500, decide),
      ),
    );
    const passed = results.filter((r) => r.wait === 0);
    expect(passed).toHaveLength(3);
    expect(results.filter((r) => r.wait === 60 && r.ticket.length === 0)).toHaveLength(5);
    expect((await log.recent('j', 0)).count).toBe(3);
    await other.withdraw(passed[0]?.ticket ?? []);
    expect((await log.recent('k', 0)).count).toBe(2);
    expect((await log.recent('j', 0)).count).toBe(2);
    await log.withdraw([]);
  });

  it('sees every failure recorded by 10 racing writers on two handles', async () => {
    const other = new SqlFailureLog(await test.openAnother());
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? other : log).record(['shared'], 1000 + i)),
    );
    expect(await log.recent('shared', 0, 10)).toEqual({ count: 10, latest: 1009, nthLatest: 1000 });
    expect((await other.recent('shared', 0)).count).toBe(10);
  });
});
