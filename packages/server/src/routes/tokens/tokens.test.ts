import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../../tests/servers/app-harness.js';
import { call, createTestUser, seedCompletedJob, type TestUser } from '../../repos/test-support.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const db = () => app.server.context.db;

function bearer(token: string, pathname = '/api/user', init: RequestInit = {}): Promise<Response> {
  return fetch(`${app.url}${pathname}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, ...(init.headers as Record<string, string>) },
  });
}

async function createToken(user: TestUser, name = 'ci'): Promise<{ id: number; token: string }> {
  const res = await call(app.url, user, 'POST', '/api/tokens', { name });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; token: string };
}

describe('/api/tokens', () => {
  it('creates a token shown once, lists it without the token, and revokes it', async () => {
    const user = await createTestUser(db(), { pro: true });
    const res = await call(app.url, user, 'POST', '/api/tokens', { name: '  Build server ' });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Record<string, unknown>;
    expect(created).toEqual({
      id: expect.any(Number),
      name: 'Build server',
      token: expect.stringMatching(/^msk_[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
    });
    const token = String(created.token);

    const listRes = await call(app.url, user, 'GET', '/api/tokens');
    const listText = await listRes.text();
    expect(listText).not.toContain(token);
    expect(listText).not.toContain(token.slice(4, 20));
    expect(JSON.parse(listText)).toEqual([
      { id: created.id, name: 'Build server', createdAt: created.createdAt, lastUsedAt: null },
    ]);
    const stored = await db().first<{ token_hash: string }>(
      'SELECT token_hash FROM api_tokens WHERE id = ?',
      [created.id as number],
    );
    expect(stored?.token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await bearer(token)).status).toBe(200);
    const used = (await (await call(app.url, user, 'GET', '/api/tokens')).json()) as Array<{
      lastUsedAt: string | null;
    }>;
    expect(used[0]?.lastUsedAt).toEqual(expect.any(String));

    const del = await call(app.url, user, 'DELETE', `/api/tokens/${created.id}`, {});
    expect(del.status).toBe(200);
    expect(await (await call(app.url, user, 'GET', '/api/tokens')).json()).toEqual([]);
    const revoked = await bearer(token);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toMatchObject({ error: 'Invalid token' });
    expect((await bearer('msk_notarealtoken')).status).toBe(401);

    const logged = JSON.stringify(app.logs);
    expect(logged).not.toContain(token);
  });

  it('refuses free users, bad names, more than 10 live tokens and tokens minting tokens', async () => {
    const free = await createTestUser(db());
    const refused = await call(app.url, free, 'POST', '/api/tokens', { name: 'x' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: 'Pro required',
      message: 'API tokens are part of Mapsmith Pro',
      code: 'auth.pro-required',
    });
    expect((await call(app.url, free, 'GET', '/api/tokens')).status).toBe(403);
    expect((await call(app.url, null, 'GET', '/api/tokens')).status).toBe(401);

    const pro = await createTestUser(db(), { pro: true });
    for (const name of ['', '   ', 'x'.repeat(65)]) {
      expect((await call(app.url, pro, 'POST', '/api/tokens', { name })).status).toBe(400);
    }
    const first = await createToken(pro, 'x'.repeat(64));
    for (let i = 1; i < 10; i++) await createToken(pro, `t${i}`);
    const eleventh = await call(app.url, pro, 'POST', '/api/tokens', { name: 'one more' });
    expect(eleventh.status).toBe(409);
    await call(app.url, pro, 'DELETE', `/api/tokens/${first.id}`, {});
    const again = await createToken(pro, 'after revoke');

    const minted = await bearer(again.token, '/api/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'nested' }),
    });
    expect(minted.status).toBe(403);
  });

  it("answers 404 for another user's token id and leaves that token working", async () => {
    const owner = await createTestUser(db(), { pro: true });
    const other = await createTestUser(db(), { pro: true });
    const { id, token } = await createToken(owner);
    const res = await call(app.url, other, 'DELETE', `/api/tokens/${id}`, {});
    expect(res.status).toBe(404);
    expect((await call(app.url, other, 'DELETE', '/api/tokens/abc', {})).status).toBe(400);
    expect((await bearer(token)).status).toBe(200);
  });
});

describe('Bearer authentication', () => {
  it('answers GET /api/user as the token user, with the rate headers', async () => {
    const user = await createTestUser(db(), { pro: true });
    const { token } = await createToken(user);
    const res = await bearer(token);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: user.id, username: user.username, isPro: true });
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(Number(res.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
    expect(
      (await bearer(token, '/api/user', { headers: { Cookie: 'mapsmith_sid=x' } })).status,
    ).toBe(200);
  });

  it('refuses a token whose user is no longer Pro with 403', async () => {
    const user = await createTestUser(db(), { pro: true });
    const { token } = await createToken(user);
    await db().run('UPDATE users SET pro_until = ? WHERE id = ?', [
      new Date(Date.now() - 1000).toISOString(),
      user.id,
    ]);
    const res = await bearer(token);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      error: 'Pro required',
      message: 'API tokens are part of Mapsmith Pro',
      code: 'auth.pro-required',
    });
  });

  it('answers the 101st request within the hour with 429 and Retry-After', async () => {
    const user = await createTestUser(db(), { pro: true });
    const { token } = await createToken(user);
    let last: Response | undefined;
    for (let i = 0; i < 100; i++) {
      last = await bearer(token);
      expect(last.status).toBe(200);
    }
    expect(last?.headers.get('x-ratelimit-remaining')).toBe('0');
    const refused = await bearer(token);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('100');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(refused.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(3500);
    expect(wait).toBeLessThanOrEqual(3600);
    // The session of the same user is not limited by its token's window.
    expect((await call(app.url, user, 'GET', '/api/user')).status).toBe(200);
  });

  it('on a crawl start, the headers describe whichever window binds: token or crawl starts', async () => {
    const user = await createTestUser(db(), { pro: true });
    const { token } = await createToken(user);
    const startWith = (t: string) =>
      bearer(t, '/api/crawl', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
    const figures = (res: Response) => [
      res.headers.get('x-ratelimit-limit'),
      res.headers.get('x-ratelimit-remaining'),
    ];
    // Fresh token (99 left after this call), 60 crawl starts left: the crawl-start window binds.
    const first = await startWith(token);
    expect(first.status).toBe(400);
    expect(figures(first)).toEqual(['60', '60']);
    // 58 more token calls leave it 40 after the next one: now the token binds.
    for (let i = 0; i < 58; i++) expect((await bearer(token)).status).toBe(200);
    expect(figures(await startWith(token))).toEqual(['100', '40']);
    // Twenty-five crawls started in the hour leave 35 starts: the crawl-start window binds again.
    for (let i = 0; i < 25; i++) await seedCompletedJob(db(), user.id, []);
    expect(figures(await startWith(token))).toEqual(['60', '35']);
  });
});
