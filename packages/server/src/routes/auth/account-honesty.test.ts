/** Account answers that say what happened: reused links, failed resets, the username set. */
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

describe('account answers in plain words, with codes', () => {
  it('a confirmation link opened again by a confirmed address says it is already confirmed', async () => {
    const owner = await registerUser(app.url, 'twice');
    const token = tokenFrom(await waitFor(() => mailsTo('twice@example.test')[0]));
    expect((await owner.call('POST', '/api/confirm-email', { token })).status).toBe(200);
    // A mail scanner or a second click, signed out.
    const again = await new TestClient(app.url).call('POST', '/api/confirm-email', { token });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: 'Email already confirmed',
      code: 'account.already-confirmed',
    });
    const forged = await owner.call('POST', '/api/confirm-email', { token: 'x'.repeat(43) });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('account.link-invalid');
  });

  it('a failed reset says why and what to do', async () => {
    const res = await new TestClient(app.url).call('POST', '/api/reset-password', {
      token: 'y'.repeat(43),
      password: 'New-Password-2024!',
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('account.link-invalid');
    expect(res.body.message).toBe(
      'This reset link is invalid, expired or already used. Ask for a new reset link.',
    );
  });

  it('usernames are letters, digits and . _ - only', async () => {
    const client = new TestClient(app.url);
    for (const username of ['<b>x</b>', 'with space', 'a@b', 'naïve', 'tab\tname']) {
      const res = await client.call('POST', '/api/register', {
        username,
        email: `u${Math.random().toString(36).slice(2)}@example.test`,
        password: GOOD_PASSWORD,
      });
      expect(res.status, username).toBe(400);
      expect(res.body.code).toBe('input.invalid');
      expect(res.body.error).toBe(
        'Username may contain only the letters A-Z and a-z (no accents), digits, dots, underscores and hyphens (. _ -)',
      );
    }
    const ok = await client.call('POST', '/api/register', {
      username: 'Jane.Doe_99-x',
      email: 'jane@example.test',
      password: GOOD_PASSWORD,
    });
    expect(ok.status).toBe(201);
  });
});
