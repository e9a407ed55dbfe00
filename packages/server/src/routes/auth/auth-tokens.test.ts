/** Login throttling, e-mail confirmation and password reset, over real HTTP. */
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
  await registerUser(app.url, 'alice');
});

afterAll(async () => {
  await app.close();
});

const mailsTo = (address: string) => outboxMessagesTo(app.dataDir, address);

describe('login throttling', () => {
  it('holds guesses from fresh addresses to one growing account delay, never locking the owner out', async () => {
    await registerUser(app.url, 'target');
    const home = { 'X-Forwarded-For': '198.51.100.200' };
    const login = (password: string, from: Record<string, string>, username = 'target') =>
      new TestClient(app.url).call('POST', '/api/login', { username, password }, from);
    // The owner signed in from home before: the account knows that client.
    expect((await login(GOOD_PASSWORD, home)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      // A different client IP each time (through the trusted loopback proxy).
      const name = i % 2 ? 'target' : 'target@example.test';
      const res = await login(
        `Wrong-guess-${i}`,
        { 'X-Forwarded-For': `198.51.100.${i + 1}` },
        name,
      );
      statuses.push(res.status);
    }
    // 20 guesses from fresh addresses are answered; past them each fresh address waits.
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(20).filter((s) => s === 401).length).toBeLessThanOrEqual(2);
    const fresh = await login(GOOD_PASSWORD, { 'X-Forwarded-For': '198.51.100.201' });
    expect(fresh.status).toBe(429);
    expect(fresh.body.code).toBe('auth.throttled');
    // The owner's own device goes straight to the password.
    expect((await login(GOOD_PASSWORD, home)).status).toBe(200);
    // Told once by mail, with the way in from any other device.
    const notices = () =>
      mailsTo('target@example.test').filter((m) => m.includes('Many failed sign-ins'));
    await waitFor(() => notices()[0]);
    expect(notices()).toHaveLength(1);
    expect(notices()[0]).toContain('Forgot password?');
    // From a new device, a password reset lets the owner in at once.
    await new TestClient(app.url).call('POST', '/api/forgot-password', {
      email: 'target@example.test',
    });
    const mail = await waitFor(() =>
      mailsTo('target@example.test').find((m) => m.includes('reset-password')),
    );
    const reset = await new TestClient(app.url).call('POST', '/api/reset-password', {
      token: tokenFrom(mail),
      password: 'Owner-Again-2026!',
    });
    expect(reset.status).toBe(200);
    expect((await login('Owner-Again-2026!', { 'X-Forwarded-For': '198.51.100.202' })).status).toBe(
      200,
    );
    expect(notices()).toHaveLength(1);
  });

  it('delays a guessing client with a growing wait, counting username and e-mail as one account', async () => {
    await registerUser(app.url, 'guessed');
    const attacker = { 'X-Forwarded-For': '192.0.2.77' };
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    let code: unknown;
    for (let i = 0; i < 6; i++) {
      const res = await new TestClient(app.url).call(
        'POST',
        '/api/login',
        { username: i % 2 ? 'GUESSED' : 'guessed@example.test', password: `Wrong-${i}` },
        attacker,
      );
      statuses.push(res.status);
      if (res.status === 429) {
        retryAfter = res.headers.get('retry-after');
        code = (res.body as { code?: unknown }).code;
      }
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect(code).toBe('auth.throttled');
    // The waiting client is refused even with the right password; the owner elsewhere is not.
    const attackerRight = await new TestClient(app.url).call(
      'POST',
      '/api/login',
      { username: 'guessed', password: GOOD_PASSWORD },
      attacker,
    );
    expect(attackerRight.status).toBe(429);
    const owner = await new TestClient(app.url).call(
      'POST',
      '/api/login',
      { username: 'guessed@example.test', password: GOOD_PASSWORD },
      { 'X-Forwarded-For': '192.0.2.200' },
    );
    expect(owner.status).toBe(200);
    const other = await new TestClient(app.url).call(
      'POST',
      '/api/login',
      { username: 'alice', password: GOOD_PASSWORD },
      attacker,
    );
    expect(other.status).toBe(200);
  });

  it('throttles one IP spraying many account names', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) {
      const res = await new TestClient(app.url).call(
        'POST',
        '/api/login',
        { username: `spray${i}`, password: 'Wrong-guess-1' },
        { 'X-Forwarded-For': '203.0.113.9' },
      );
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
  });
});

describe('e-mail confirmation', () => {
  it('confirms with the mailed token once; a replay is refused', async () => {
    const client = await registerUser(app.url, 'carol');
    const token = tokenFrom(await waitFor(() => mailsTo('carol@example.test')[0]));
    expect(token).toBeDefined();
    const ok = await client.call('POST', '/api/confirm-email', { token });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Email verified successfully. You can now log in.');
    expect((await client.call('GET', '/api/user')).body.emailConfirmed).toBe(true);
    // A replay confirms nothing more; it says the address is already confirmed.
    const replay = await client.call('POST', '/api/confirm-email', { token });
    expect(replay.status).toBe(409);
    expect(replay.body.code).toBe('account.already-confirmed');
    const forged = await client.call('POST', '/api/confirm-email', { token: 'x'.repeat(43) });
    expect(forged.status).toBe(400);
  });

  // Signed out, resending goes by address (account-mail.test.ts).
  it('resends for the signed-in user; only the newest link works', async () => {
    const client = await registerUser(app.url, 'dave');
    const oldToken = tokenFrom(await waitFor(() => mailsTo('dave@example.test')[0]));
    const res = await client.call('POST', '/api/resend-confirmation');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Confirmation email sent. Please check your inbox.');
    const newToken = tokenFrom(await waitFor(() => mailsTo('dave@example.test')[1]));
    expect(newToken).not.toBe(oldToken);
    expect((await client.call('POST', '/api/confirm-email', { token: oldToken })).status).toBe(400);
    expect((await client.call('POST', '/api/confirm-email', { token: newToken })).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    await registerUser(app.url, 'erin');
    const token = tokenFrom(await waitFor(() => mailsTo('erin@example.test')[0]));
    await app.server.context.db.run(
      `UPDATE account_tokens SET expires_at = '2000-01-01T00:00:00.000Z'
        WHERE user_id = (SELECT id FROM users WHERE username = 'erin')`,
    );
    const res = await new TestClient(app.url).call('POST', '/api/confirm-email', { token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid or expired token');
  });
});

describe('password reset', () => {
  it('answers the same for unknown and known addresses, and mails only the known one', async () => {
    const client = new TestClient(app.url);
    const unknown = await client.call('POST', '/api/forgot-password', {
      email: 'ghost@example.test',
    });
    const known = await client.call('POST', '/api/forgot-password', {
      email: 'alice@example.test',
    });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe('If your account exists, we emailed you a reset link.');
    await waitFor(() => mailsTo('alice@example.test').find((m) => m.includes('reset-password')));
    expect(mailsTo('ghost@example.test')).toHaveLength(0);
    expect((await client.call('POST', '/api/forgot-password', { email: 'nope' })).body.error).toBe(
      'Enter a valid email',
    );
  });

  it('resets once with the token, ends every session, and keeps a weak password from burning the link', async () => {
    const sessionA = await registerUser(app.url, 'frank');
    const sessionB = new TestClient(app.url);
    await sessionB.call('POST', '/api/login', { username: 'frank', password: GOOD_PASSWORD });
    await sessionA.call('POST', '/api/forgot-password', { email: 'frank@example.test' });
    const mail = await waitFor(() =>
      mailsTo('frank@example.test').find((m) => m.includes('reset-password')),
    );
    const token = tokenFrom(mail);
    const anon = new TestClient(app.url);
    const weak = await anon.call('POST', '/api/reset-password', {
      token,
      password: 'weakpassword',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.error).toBe('Password must contain at least one uppercase letter');
    const newPassword = 'New-Password-2024!';
    const ok = await anon.call('POST', '/api/reset-password', { token, password: newPassword });
    expect(ok.status).toBe(200);
    expect((await sessionA.call('GET', '/api/user')).status).toBe(401);
    expect((await sessionB.call('GET', '/api/user')).status).toBe(401);
    const replay = await anon.call('POST', '/api/reset-password', {
      token,
      password: 'Another-Pass-99!',
    });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('Invalid or expired token');
    expect(
      (await anon.call('POST', '/api/login', { username: 'frank', password: GOOD_PASSWORD }))
        .status,
    ).toBe(401);
    const login = await anon.call('POST', '/api/login', {
      username: 'frank',
      password: newPassword,
    });
    expect(login.status).toBe(200);
    expect(login.body.emailConfirmed).toBe(true);
  });
});
