/** Contract suite of IndexNow keys, on every database kind. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlSiteKeyRepository } from './site-keys.js';
import { SqlUserRepository } from './users.js';

describe.each(testDatabaseKinds)('SiteKeyRepository on %s', (kind) => {
  let test: TestDatabase;
  let keys: SqlSiteKeyRepository;
  let userId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    keys = new SqlSiteKeyRepository(test.db);
    const made = await new SqlUserRepository(test.db).create({
      username: 'kim',
      email: 'kim@example.test',
      passwordHash: 'h',
    });
    userId = made.ok ? made.id : 0;
  });
  afterEach(() => test.close());

  it('keeps the first key of a host; another host gets its own', async () => {
    expect(await keys.keyFor(userId, 'example.com', 'key-one-1')).toBe('key-one-1');
    expect(await keys.keyFor(userId, 'example.com', 'key-two-2')).toBe('key-one-1');
    expect(await keys.keyFor(userId, 'other.example', 'key-three')).toBe('key-three');
  });

  it('gives 8 racing first pings on two handles one key', async () => {
    const other = new SqlSiteKeyRepository(await test.openAnother());
    const got = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : keys).keyFor(userId, 'race.example', `fresh-key-${i}`),
      ),
    );
    expect(new Set(got).size).toBe(1);
  });
});
