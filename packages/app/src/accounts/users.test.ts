/** Contract suite of the user repository, on every database kind (two handles for the races). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlUserRepository } from './users.js';

describe.each(testDatabaseKinds)('UserRepository on %s', (kind) => {
  let test: TestDatabase;
  let users: SqlUserRepository;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    users = new SqlUserRepository(test.db);
  });
  afterEach(() => test.close());

  const make = async (username: string, email = `${username}@example.test`) => {
    const made = await users.create({ username, email, passwordHash: 'h' });
    if (!made.ok) throw new Error(`${username} not created`);
    return made.id;
  };

  it('finds users by login, address and id, ignoring case', async () => {
    const id = await make('Alice', 'Alice@Example.test');
    expect((await users.byLogin('alice'))?.id).toBe(id);
    expect((await users.byLogin('ALICE@example.TEST'))?.id).toBe(id);
    expect((await users.byEmail('alice@example.test'))?.username).toBe('Alice');
    expect(await users.byId(id)).toMatchObject({ username: 'Alice', email_confirmed_at: null });
    expect(await users.usernameTaken('aLiCe')).toBe(true);
    expect(await users.usernameTaken('bob')).toBe(false);
    expect(await users.byLogin('nobody')).toBeUndefined();
  });

  it('answers a taken name or address (any case) instead of throwing', async () => {
    await make('carol');
    expect(
      await users.create({ username: 'CAROL', email: 'x@example.test', passwordHash: 'h' }),
    ).toEqual({ ok: false, taken: 'username' });
    expect(
      await users.create({ username: 'dave', email: 'Carol@Example.test', passwordHash: 'h' }),
    ).toEqual({ ok: false, taken: 'email' });
  });

  it('creates one account when 8 registrations of one name race on two handles', async () => {
    const other = new SqlUserRepository(await test.openAnother());
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : users).create({
          username: 'racer',
          email: `racer${i}@example.test`,
          passwordHash: 'h',
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.taken === 'username')).toHaveLength(7);
  });

  it('confirms once, records sign-ins and deletes', async () => {
    const id = await make('erin');
    await users.confirmEmail(id, '2026-01-01T00:00:00.000Z');
    await users.confirmEmail(id, '2026-02-01T00:00:00.000Z');
    expect((await users.byId(id))?.email_confirmed_at).toBe('2026-01-01T00:00:00.000Z');
    await users.recordLogin(id, '2026-03-02T00:00:00.000Z');
    expect(await users.proUntil(id)).toBeNull();
    await users.delete(id);
    expect(await users.byId(id)).toBeUndefined();
  });

  it('lists due Pro reminders and lets exactly one of two servers claim each', async () => {
    const id = await make('frank');
    const until = '2026-11-24T12:00:00.000Z';
    await test.db.run('UPDATE users SET pro_until = ? WHERE id = ?', [until, id]);
    const due = await users.dueProReminders('2026-11-22T12:00:00.000Z', '2026-11-25T12:00:00.000Z');
    expect(due.map((u) => u.id)).toEqual([id]);
    const other = new SqlUserRepository(await test.openAnother());
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? other : users).claimProReminder(id, until)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(
      await users.dueProReminders('2026-11-22T12:00:00.000Z', '2026-11-25T12:00:00.000Z'),
    ).toEqual([]);
    // Pro moved on meanwhile: the claim for the old end date is refused.
    expect(await users.claimProReminder(id, '2026-12-24T12:00:00.000Z')).toBe(false);
  });
});
