/**
 * The account flows on two server processes sharing one database (two handles, each with its
 * own account services, as two API nodes have): one-time links work once, the sign-in
 * throttle and the token cap are one budget. Runs on every database kind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError, createSqlRepositories } from '@mapsmith/app';
import { openTestDatabase, type TestDatabase, testDatabaseKinds } from '@mapsmith/app/testing';
import { silentLogger } from '@mapsmith/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApiToken } from '../auth/api-tokens.js';
import { loadConfig } from '../config.js';
import { createExportCache } from '../exports/index.js';
import { createDiskSpace } from '../storage/disk-space.js';
import { confirmEmail } from './confirmation.js';
import { resetPassword } from './password-reset.js';
import { type AccountServices, createAccountServices } from './services.js';
import { signIn } from './sign-in.js';
import { issueToken } from './tokens.js';

describe.each(testDatabaseKinds)('account flows on two nodes over %s', (kind) => {
  let test: TestDatabase;
  let dir: string;
  let nodes: AccountServices[];
  let userId: number;

  beforeEach(async () => {
    test = await openTestDatabase(kind);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mapsmith-two-nodes-'));
    const config = loadConfig({ MAPSMITH_DATA_DIR: dir });
    const node = (db: typeof test.db) => {
      const repos = createSqlRepositories(db);
      const exports = createExportCache(config, repos.jobs, createDiskSpace(dir, 0));
      return createAccountServices(
        { config, repos, logger: silentLogger, exports },
        path.join(dir, 'outbox'),
      );
    };
    nodes = [node(test.db), node(await test.openAnother())];
    const made = await nodes[0]?.accounts.users.create({
      username: 'nina',
      email: 'nina@example.test',
      passwordHash: 'not-a-real-hash',
    });
    userId = made?.ok ? made.id : 0;
  });
  afterEach(async () => {
    await test.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const on = (i: number): AccountServices => {
    const s = nodes[i % 2];
    if (!s) throw new Error('no node');
    return s;
  };
  const codes = (results: PromiseSettledResult<unknown>[]) =>
    results.map((r) =>
      r.status === 'fulfilled' ? 'ok' : r.reason instanceof AppError ? r.reason.code : 'crash',
    );

  it('lets exactly one of 8 racing resets with one link set the password', async () => {
    const token = await issueToken(on(0).accounts.accountTokens, userId, 'reset');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => resetPassword(on(i), token, `Fresh-Password-${i}!`)),
    );
    const answers = codes(results);
    expect(answers.filter((c) => c === 'ok')).toHaveLength(1);
    expect(answers.filter((c) => c === 'account.link-invalid')).toHaveLength(7);
  });

  it('lets exactly one of 8 racing confirmations with one link through', async () => {
    const token = await issueToken(on(1).accounts.accountTokens, userId, 'confirm');
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => confirmEmail(on(i), token)),
    );
    const answers = codes(results);
    expect(answers.filter((c) => c === 'ok')).toHaveLength(1);
    // The link is spent and the address confirmed in one step: every loser sees both.
    expect(answers.filter((c) => c === 'account.already-confirmed')).toHaveLength(7);
    expect((await on(0).accounts.users.byId(userId))?.email_confirmed_at).not.toBeNull();
  });

  it('refuses an address after 30 failed sign-ins spread over both nodes', async () => {
    for (let i = 0; i < 30; i++) {
      await expect(signIn(on(i), `spray${i}`, 'wrong', '203.0.113.9')).rejects.toMatchObject({
        code: 'auth.invalid-login',
      });
    }
    for (const i of [0, 1]) {
      await expect(signIn(on(i), 'another', 'wrong', '203.0.113.9')).rejects.toMatchObject({
        code: 'auth.throttled',
      });
    }
  });

  it('holds a burst of 12 parallel guesses on both nodes to 5 checked passwords', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => signIn(on(i), 'nina', `guess-${i}`, '198.51.100.7')),
    );
    const answers = codes(results);
    expect(answers.filter((c) => c === 'auth.invalid-login')).toHaveLength(5);
    expect(answers.filter((c) => c === 'auth.throttled')).toHaveLength(7);
  });

  it('holds the 10-token cap when 16 requests race over both nodes', async () => {
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        createApiToken(on(i).accounts.apiTokens, userId, `token ${i}`),
      ),
    );
    expect(made.filter((t) => t !== null)).toHaveLength(10);
  });
});
