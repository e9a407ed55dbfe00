/** Contract suite of API tokens, on every database kind (two handles for the races). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlApiTokenRepository } from './api-tokens.js';
import { SqlUserRepository } from './users.js';

const HOUR = 60 * 60 * 1000;
const NOW = Date.parse('2026-11-22T12:00:00.000Z');
const AT = new Date(NOW).toISOString();

describe.each(testDatabaseKinds)('ApiTokenRepository on %s', (kind) => {
  let test: TestDatabase;
  let tokens: SqlApiTokenRepository;
  let userId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    tokens = new SqlApiTokenRepository(test.db);
    const made = await new SqlUserRepository(test.db).create({
      username: 'pat',
      email: 'pat@example.test',
      passwordHash: 'h',
    });
    userId = made.ok ? made.id : 0;
    await test.db.run("UPDATE users SET pro_until = '2999-01-01T00:00:00.000Z' WHERE id = ?", [
      userId,
    ]);
  });
  afterEach(() => test.close());

  it('creates, lists newest first, revokes one or all', async () => {
    const a = await tokens.create(userId, 'a', 'hash-a', AT, 10);
    const b = await tokens.create(userId, 'b', 'hash-b', AT, 10);
    expect(a).toEqual({ id: expect.any(Number), name: 'a', createdAt: AT, lastUsedAt: null });
    expect((await tokens.list(userId)).map((t) => t.name)).toEqual(['b', 'a']);
    expect(await tokens.revoke(userId, a?.id ?? 0, AT)).toBe(true);
    expect(await tokens.revoke(userId, a?.id ?? 0, AT)).toBe(false);
    expect(await tokens.revoke(userId + 1, b?.id ?? 0, AT)).toBe(false);
    expect((await tokens.list(userId)).map((t) => t.name)).toEqual(['b']);
    expect(await tokens.revokeAll(userId, AT)).toBe(1);
    expect(await tokens.list(userId)).toEqual([]);
  });

  it('holds the cap of 10 live tokens when 16 creations race on two handles', async () => {
    const other = new SqlApiTokenRepository(await test.openAnother());
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? other : tokens).create(userId, `t${i}`, `hash-${i}`, AT, 10),
      ),
    );
    expect(made.filter((t) => t !== null)).toHaveLength(10);
    expect(await tokens.list(userId)).toHaveLength(10);
  });

  it('counts requests in the rolling window; revoked and unknown tokens are invalid', async () => {
    const t = await tokens.create(userId, 'x', 'hash-x', AT, 10);
    const first = await tokens.countRequest('hash-x', NOW, 2, HOUR);
    expect(first).toMatchObject({ kind: 'ok', tokenId: t?.id, rate: { limit: 2, remaining: 1 } });
    if (first.kind === 'ok') expect(first.user).toMatchObject({ id: userId, username: 'pat' });
    expect(await tokens.countRequest('hash-x', NOW + 1, 2, HOUR)).toMatchObject({ kind: 'ok' });
    expect(await tokens.countRequest('hash-x', NOW + 2, 2, HOUR)).toMatchObject({
      kind: 'limited',
      rate: { remaining: 0, resetMs: NOW + HOUR },
    });
    expect(await tokens.countRequest('hash-x', NOW + HOUR + 1, 2, HOUR)).toMatchObject({
      kind: 'ok',
    });
    expect(await tokens.countRequest('nope', NOW, 2, HOUR)).toEqual({ kind: 'invalid' });
    await tokens.revokeAll(userId, AT);
    expect(await tokens.countRequest('hash-x', NOW, 2, HOUR)).toEqual({ kind: 'invalid' });
  });

  it('answers a token of a user without Pro without counting it', async () => {
    await tokens.create(userId, 'x', 'hash-x', AT, 10);
    await test.db.run('UPDATE users SET pro_until = NULL WHERE id = ?', [userId]);
    for (let i = 0; i < 3; i++) {
      expect(await tokens.countRequest('hash-x', NOW, 2, HOUR)).toMatchObject({
        kind: 'not-pro',
        rate: { remaining: 2 },
      });
    }
  });

  it('counts exactly the limit when 12 requests race on two handles', async () => {
    await tokens.create(userId, 'x', 'hash-x', AT, 10);
    const other = new SqlApiTokenRepository(await test.openAnother());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? other : tokens).countRequest('hash-x', NOW, 5, HOUR),
      ),
    );
    expect(answers.filter((a) => a.kind === 'ok')).toHaveLength(5);
    expect(answers.filter((a) => a.kind === 'limited')).toHaveLength(7);
  });
});
