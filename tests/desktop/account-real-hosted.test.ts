import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createTestUser,
  startTestServer,
  type TestServer,
} from '../../packages/server/src/repos/test-support';
import { startTestDesktop, TEST_ORIGIN, type TestDesktop } from './support/services';

/**
 * The desktop's account link against the REAL hosted server (not the stand-in of
 * account.test.ts): a Pro user creates a token with POST /api/tokens and the desktop checks it
 * with GET /api/user and a Bearer header.
 */
let hosted: TestServer;
let desktop: TestDesktop | undefined;

beforeAll(async () => {
  hosted = await startTestServer();
});
afterAll(async () => {
  await desktop?.dispose();
  await hosted.close();
});

async function newToken(pro: boolean): Promise<{ id: number; token: string; username: string }> {
  const user = await createTestUser(hosted.server.context.db, { pro: true });
  const res = await call(hosted.server.url, user, 'POST', '/api/tokens', { name: 'Desktop' });
  expect(res.status).toBe(201);
  const created = (await res.json()) as { id: number; token: string };
  if (!pro) {
    await hosted.server.context.db.run('UPDATE users SET pro_until = NULL WHERE id = ?', [user.id]);
  }
  return { ...created, username: user.username };
}

describe('linking a Pro account with a token of the real hosted server', () => {
  it('lifts the free limits; a token whose Pro has ended is not accepted', async () => {
    desktop = await startTestDesktop({ env: { MAPSMITH_HOSTED_URL: hosted.server.url } });
    expect(await desktop.dispatch(TEST_ORIGIN, 'analytics.get', {})).toMatchObject({
      ok: true,
      value: { usage: { limit: 500 } },
    });

    const pro = await newToken(true);
    const linked = await desktop.dispatch(TEST_ORIGIN, 'account.link', { token: pro.token });
    expect(linked).toMatchObject({
      ok: true,
      value: { plan: 'pro', linked: true, username: pro.username },
    });
    expect(await desktop.dispatch(TEST_ORIGIN, 'analytics.get', {})).toMatchObject({
      ok: true,
      value: { usage: { limit: null } },
    });
    const row = await hosted.server.context.db.first<{ last_used_at: string | null }>(
      'SELECT last_used_at FROM api_tokens WHERE id = ?',
      [pro.id],
    );
    expect(row?.last_used_at).toEqual(expect.any(String));

    const lapsed = await newToken(false);
    expect(
      await desktop.dispatch(TEST_ORIGIN, 'account.link', { token: lapsed.token }),
    ).toMatchObject({ ok: false, status: 400, body: { error: 'Token not accepted' } });
  });
});
