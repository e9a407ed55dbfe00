/** What a password reset ends, over real HTTP: sessions, API tokens, and the mail says so. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  outboxMessagesTo,
  registerUser,
  startTestApp,
  type TestApp,
  TestClient,
  tokenFrom,
  waitFor,
} from '../../../../../tests/servers/app-harness.js';
import { createApiToken } from '../../auth/api-tokens.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const mailsTo = (address: string) => outboxMessagesTo(app.dataDir, address);

describe('a password reset', () => {
  it('revokes the API tokens minted before it, and both mails say so', async () => {
    const owner = await registerUser(app.url, 'tokenowner');
    const { db, repos } = app.server.context;
    await db.run("UPDATE users SET pro_until = '2999-01-01T00:00:00.000Z' WHERE username = ?", [
      'tokenowner',
    ]);
    const user = await db.first<{ id: number }>('SELECT id FROM users WHERE username = ?', [
      'tokenowner',
    ]);
    const minted = await createApiToken(repos.accounts.apiTokens, user?.id ?? 0, 'attacker laptop');
    const bearer = { Authorization: `Bearer ${minted?.token}` };
    const anon = new TestClient(app.url);
    expect((await anon.call('GET', '/api/user', undefined, bearer)).status).toBe(200);

    await owner.call('POST', '/api/forgot-password', { email: 'tokenowner@example.test' });
    const mail = await waitFor(() =>
      mailsTo('tokenowner@example.test').find((m) => m.includes('reset-password')),
    );
    expect(mail.replace(/\s+/g, ' ')).toContain('revokes all your API tokens');
    const reset = await anon.call('POST', '/api/reset-password', {
      token: tokenFrom(mail),
      password: 'Fresh-Password-77!',
    });
    expect(reset.status).toBe(200);

    expect((await anon.call('GET', '/api/user', undefined, bearer)).status).toBe(401);
    expect((await owner.call('GET', '/api/user')).status).toBe(401);
    const notice = await waitFor(() =>
      mailsTo('tokenowner@example.test').find((m) => m.includes('password was changed')),
    );
    expect(notice.replace(/\s+/g, ' ')).toContain('Your 1 API token was revoked');
  });
});
