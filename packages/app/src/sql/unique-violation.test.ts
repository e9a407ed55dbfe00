import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { isUniqueViolation } from './unique-violation.js';

describe.each(testDatabaseKinds)('isUniqueViolation on %s', (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await openTestDatabase(kind);
    await t.db.exec('CREATE TABLE u (id BIGINT PRIMARY KEY, name TEXT NOT NULL UNIQUE)');
    await t.db.run("INSERT INTO u VALUES (1, 'a')");
  });
  afterAll(() => t?.close());

  const failure = async (sql: string) =>
    t.db.run(sql).then(
      () => undefined,
      (err: unknown) => err,
    );

  it("recognises the driver's unique and primary-key clashes", async () => {
    expect(isUniqueViolation(await failure("INSERT INTO u VALUES (2, 'a')"))).toBe(true);
    expect(isUniqueViolation(await failure("INSERT INTO u VALUES (1, 'b')"))).toBe(true);
  });

  it('does not mistake other constraint errors for one', async () => {
    const notNull = await failure('INSERT INTO u VALUES (3, NULL)');
    expect(notNull).toBeInstanceOf(Error);
    expect(isUniqueViolation(notNull)).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});
