/** Contract suite of one-time links, on every database kind (two handles for the races). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  type TestDatabase,
  testDatabaseKinds,
} from '../testing/test-databases.js';
import { SqlAccountTokenRepository } from './account-tokens.js';
import { SqlUserRepository } from './users.js';

const NOW = '2026-11-22T12:00:00.000Z';
const IN_AN_HOUR = '2026-11-22T13:00:00.000Z';

describe.each(testDatabaseKinds)('AccountTokenRepository on %s', (kind) => {
  let test: TestDatabase;
  let tokens: SqlAccountTokenRepository;
  let users: SqlUserRepository;
  let userId: number;
  beforeEach(async () => {
    test = await openTestDatabase(kind);
    tokens = new SqlAccountTokenRepository(test.db);
    users = new SqlUserRepository(test.db);
    const made = await users.create({
      username: 'tia',
      email: 'tia@example.test',
      passwordHash: 'h',
    });
    userId = made.ok ? made.id : 0;
  });
  afterEach(() => test.close());

  it('spends a token of its kind once, before it expires; only the newest link works', async () => {
    await tokens.issue(userId, 'reset', 'r1', IN_AN_HOUR);
    await tokens.issue(userId, 'reset', 'r2', IN_AN_HOUR);
    await tokens.issue(userId, 'confirm', 'c1', IN_AN_HOUR);
    expect(await tokens.consume('r1', 'reset', NOW)).toBeNull();
    expect(await tokens.consume('r2', 'confirm', NOW)).toBeNull();
    expect(await tokens.consume('r2', 'reset', IN_AN_HOUR)).toBeNull();
    expect(await tokens.consume('r2', 'reset', NOW)).toBe(userId);
    expect(await tokens.consume('r2', 'reset', NOW)).toBeNull();
    // A confirmation link stays valid beside the reset links.
    expect(await tokens.consume('c1', 'confirm', NOW)).toBe(userId);
  });

  it('says whether a token would be spent, without spending it', async () => {
    await tokens.issue(userId, 'reset', 'r3', IN_AN_HOUR);
    expect(await tokens.isLive('r3', 'reset', NOW)).toBe(true);
    expect(await tokens.isLive('r3', 'reset', NOW)).toBe(true);
    expect(await tokens.isLive('r3', 'confirm', NOW)).toBe(false);
    expect(await tokens.isLive('r3', 'reset', IN_AN_HOUR)).toBe(false);
    expect(await tokens.isLive('unknown', 'reset', NOW)).toBe(false);
    expect(await tokens.consume('r3', 'reset', NOW)).toBe(userId);
    expect(await tokens.isLive('r3', 'reset', NOW)).toBe(false);
  });

  it('tells a second click on a used confirmation link once the address is confirmed', async () => {
    await tokens.issue(userId, 'confirm', 'c2', IN_AN_HOUR);
    expect(await tokens.spentOnConfirmedAddress('c2')).toBe(false);
    await tokens.consume('c2', 'confirm', NOW);
    expect(await tokens.spentOnConfirmedAddress('c2')).toBe(false);
    await users.confirmEmail(userId, NOW);
    expect(await tokens.spentOnConfirmedAddress('c2')).toBe(true);
    expect(await tokens.spentOnConfirmedAddress('unknown')).toBe(false);
  });

  it.each(['reset', 'confirm'] as const)(
    'lets exactly one of 8 racing uses of a %s link through, across two handles',
    async (linkKind) => {
      const other = new SqlAccountTokenRepository(await test.openAnother());
      await tokens.issue(userId, linkKind, 'raced', IN_AN_HOUR);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          (i % 2 ? other : tokens).consume('raced', linkKind, NOW),
        ),
      );
      expect(results.filter((r) => r === userId)).toHaveLength(1);
      expect(results.filter((r) => r === null)).toHaveLength(7);
    },
  );

  it('confirms the address with the link in the same step, once', async () => {
    await tokens.issue(userId, 'confirm', 'c3', IN_AN_HOUR);
    expect(await tokens.redeemConfirmation('c3', NOW)).toBe(userId);
    expect(await tokens.redeemConfirmation('c3', IN_AN_HOUR)).toBeNull();
    expect((await users.byId(userId))?.email_confirmed_at).toBe(NOW);
    expect(await tokens.redeemConfirmation('unknown', NOW)).toBeNull();
  });

  it('resets every credential with the link together, once of 8 racing on two handles', async () => {
    const db = test.db;
    await db.run(
      "INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES ('s1', ?, 'c', ?)",
      [userId, IN_AN_HOUR],
    );
    for (const t of ['a', 'b']) {
      await db.run(
        'INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)',
        [userId, t, `hash-${t}`, NOW],
      );
    }
    await tokens.issue(userId, 'reset', 'r9', IN_AN_HOUR);
    const other = new SqlAccountTokenRepository(await test.openAnother());
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : tokens).redeemReset('r9', NOW, `new-hash-${i}`),
      ),
    );
    const winners = results.filter((r) => r !== null);
    expect(winners).toEqual([{ userId, revokedTokens: 2 }]);
    const user = await users.byId(userId);
    expect(user?.password_hash).toMatch(/^new-hash-\d$/);
    expect(user?.email_confirmed_at).toBe(NOW);
    const left = await db.first<{ n: number }>('SELECT COUNT(*) AS n FROM sessions');
    expect(Number(left?.n)).toBe(0);
    const live = await db.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM api_tokens WHERE revoked_at IS NULL',
    );
    expect(Number(live?.n)).toBe(0);
  });

  it('leaves one live link when 8 requests for a new one race on two handles', async () => {
    const other = new SqlAccountTokenRepository(await test.openAnother());
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 ? other : tokens).issue(userId, 'reset', `t${i}`, IN_AN_HOUR),
      ),
    );
    const live = await test.db.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM account_tokens WHERE kind = 'reset' AND used_at IS NULL",
    );
    expect(Number(live?.n)).toBe(1);
  });
});
