/** Contract suite of the session repository, on every database kind. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlSessionRepository } from './sessions.js';
import { SqlUserRepository } from './users.js';

const NOW = '2026-11-22T12:00:00.000Z';
const LATER = '2026-12-06T12:00:00.000Z';

describe.each(testDatabaseKinds)('SessionRepository on %s', (kind) => {
  let test: TestDatabase;
  let sessions: SqlSessionRepository;
  let userId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    sessions = new SqlSessionRepository(test.db);
    const made = await new SqlUserRepository(test.db).create({
      username: 'sam',
      email: 'sam@example.test',
      passwordHash: 'h',
    });
    userId = made.ok ? made.id : 0;
  });
  afterEach(() => test.close());

  const start = (idHash: string, extra: { expiresAt?: string; replaces?: string } = {}) =>
    sessions.start({
      idHash,
      userId,
      csrfToken: `csrf-${idHash}`,
      expiresAt: extra.expiresAt ?? LATER,
      now: NOW,
      replaces: extra.replaces,
    });

  it('reads the user of a live session only, and ends one or all', async () => {
    await start('a');
    await start('b');
    expect(await sessions.user('a', NOW)).toMatchObject({ id: userId, username: 'sam' });
    expect(await sessions.user('a', LATER)).toBeUndefined();
    expect(await sessions.user('nope', NOW)).toBeUndefined();
    await sessions.end('a');
    expect(await sessions.user('a', NOW)).toBeUndefined();
    expect(await sessions.user('b', NOW)).toBeDefined();
    await sessions.endAll(userId);
    expect(await sessions.user('b', NOW)).toBeUndefined();
  });

  it("ends the replaced session and the user's expired ones when a new one starts", async () => {
    await start('old', { expiresAt: '2026-11-01T00:00:00.000Z' });
    await start('planted');
    await start('fresh', { replaces: 'planted' });
    const left = await test.db.all<{ id_hash: string }>(
      'SELECT id_hash FROM sessions ORDER BY id_hash',
    );
    expect(left.map((r) => r.id_hash)).toEqual(['fresh']);
  });

  it('keeps every session of 8 sign-ins racing on two handles', async () => {
    const other = new SqlSessionRepository(await test.openAnother());
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : sessions).start({
          idHash: `s${i}`,
          userId,
          csrfToken: 'c',
          expiresAt: LATER,
          now: NOW,
        }),
      ),
    );
    for (let i = 0; i < 8; i++) expect(await sessions.user(`s${i}`, NOW)).toBeDefined();
  });
});
