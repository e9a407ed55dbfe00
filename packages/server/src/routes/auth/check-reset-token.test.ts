/** The reset page's check of its link as it opens (issue 26 point 3), over real HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  outboxMessagesTo,
  registerUser,
  startTestApp,
  type TestApp,
  TestClient,
  tokenFrom,
  waitFor,
} from '../../../../../tests/servers/app-harness.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const mailsTo = (address: string) => outboxMessagesTo(app.dataDir, address);
const check = (token: string) =>
  new TestClient(app.url).call('POST', '/api/check-reset-token', { token });

/** Asks for a reset link for `name` and answers its token. */
async function resetToken(name: string): Promise<string> {
  await registerUser(app.url, name);
  const forgot = await new TestClient(app.url).call('POST', '/api/forgot-password', {
    email: `${name}@example.test`,
  });
  expect(forgot.status).toBe(200);
  const mail = await waitFor(() =>
    mailsTo(`${name}@example.test`).find((m) => m.includes('/reset-password')),
  );
  const token = tokenFrom(mail);
  if (!token) throw new Error('no reset token');
  return token;
}

describe('checking a reset link without using it', () => {
  it('says a live link is valid, leaves it usable, and says so no more once it is used', async () => {
    const token = await resetToken('checker');
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    // Checking did not spend it: asked again, still valid, and it sets the password.
    expect((await check(token)).body).toEqual({ valid: true });
    const reset = await new TestClient(app.url).call('POST', '/api/reset-password', {
      token,
      password: `${GOOD_PASSWORD}x`,
    });
    expect(reset.status).toBe(200);
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: false } });
  });

  it('answers a bad and an expired link alike, and asks for a token when none is given', async () => {
    const token = await resetToken('expiring');
    await app.server.context.db.run(
      `UPDATE account_tokens SET expires_at = '2000-01-01T00:00:00.000Z'
        WHERE user_id = (SELECT id FROM users WHERE username = 'expiring')`,
    );
    const expired = await check(token);
    const forged = await check('x'.repeat(43));
    const garbage = await check('garbage');
    for (const res of [expired, forged, garbage]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: false });
    }
    const empty = await check('');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('input.invalid');
  });
});
