import fs from 'node:fs';
import path from 'node:path';
import { makePage } from '@mapsmith/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  registerUser,
  startTestApp,
  type TestApp,
  TestClient,
} from '../../../../../tests/servers/app-harness.js';
import { seedCompletedJob } from '../../repos/test-support.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

describe('/api/user', () => {
  it('GET answers the signed-in user in the contract shape, 401 when signed out', async () => {
    const client = await registerUser(app.url, 'gina');
    const res = await client.call('GET', '/api/user');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username: 'gina',
      email: 'gina@example.test',
      isPro: false,
      proUntil: null,
      emailConfirmed: false,
      pendingPayment: null,
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await new TestClient(app.url).call('GET', '/api/user')).status).toBe(401);
  });

  it('isPro falls back to free once the paid period has ended', async () => {
    const client = await registerUser(app.url, 'hank');
    const { db } = app.server.context;
    await db.run("UPDATE users SET pro_until = '2000-02-01T00:00:00.000Z' WHERE username = 'hank'");
    expect((await client.call('GET', '/api/user')).body).toMatchObject({
      isPro: false,
      proUntil: '2000-02-01T00:00:00.000Z',
    });
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await db.run('UPDATE users SET pro_until = ? WHERE username = ?', [future, 'hank']);
    expect((await client.call('GET', '/api/user')).body.isPro).toBe(true);
  });

  /** The outbox messages addressed to `address`. */
  const mailsTo = (address: string) => {
    const outbox = path.join(app.dataDir, 'outbox');
    return fs
      .readdirSync(outbox)
      .filter((name) => fs.readFileSync(path.join(outbox, name), 'utf8').includes(address));
  };

  it('DELETE needs the password, then purges the account, its sessions and its mail', async () => {
    await registerUser(app.url, 'ivana');
    const client = await registerUser(app.url, 'ivan');
    expect(mailsTo('ivan@example.test').length).toBeGreaterThan(0);
    const { id } = (await client.call('GET', '/api/user')).body;
    const jobId = await seedCompletedJob(app.server.context.db, id, [
      makePage('https://example.com/'),
    ]);
    expect((await client.call('GET', `/api/generate/${jobId}/txt`)).status).toBe(200);
    const exportsOfUser = path.join(app.dataDir, 'exports', String(id));
    expect(fs.existsSync(exportsOfUser)).toBe(true);
    const other = new TestClient(app.url);
    await other.call('POST', '/api/login', { username: 'ivan', password: GOOD_PASSWORD });
    const wrong = await client.call('DELETE', '/api/user', { password: 'Not-the-password-1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toBe('Incorrect password');
    expect((await client.call('DELETE', '/api/user', {})).status).toBe(400);
    const ok = await client.call('DELETE', '/api/user', { password: GOOD_PASSWORD });
    expect(ok.status).toBe(200);
    expect((await other.call('GET', '/api/user')).status).toBe(401);
    const { db } = app.server.context;
    const rows = await db.first<{ users: number; sessions: number; tokens: number; jobs: number }>(
      `SELECT (SELECT COUNT(*) FROM users WHERE username = 'ivan') AS users,
              (SELECT COUNT(*) FROM crawl_jobs WHERE user_id = ${Number(id)}) AS jobs,
              (SELECT COUNT(*) FROM sessions WHERE user_id NOT IN (SELECT id FROM users)) AS sessions,
              (SELECT COUNT(*) FROM account_tokens WHERE user_id NOT IN (SELECT id FROM users)) AS tokens`,
    );
    expect(rows).toEqual({ users: 0, sessions: 0, tokens: 0, jobs: 0 });
    // The confirmation mail held the address and a link: it goes; another user's mail stays.
    expect(mailsTo('ivan@example.test')).toEqual([]);
    expect(mailsTo('ivana@example.test').length).toBeGreaterThan(0);
    // The sitemaps built from the account's crawls go with it.
    expect(fs.existsSync(exportsOfUser)).toBe(false);
    const login = await new TestClient(app.url).call('POST', '/api/login', {
      username: 'ivan',
      password: GOOD_PASSWORD,
    });
    expect(login.status).toBe(401);
  });

  it('DELETE answers 401 when signed out', async () => {
    expect(
      (await new TestClient(app.url).call('DELETE', '/api/user', { password: 'x' })).status,
    ).toBe(401);
  });
});
