import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  outboxMessages,
  outboxMessagesTo,
  startTestApp,
  type TestApp,
  TestClient,
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

describe('POST /api/register', () => {
  it('refuses input that breaks the signup rules, with the spec messages', async () => {
    const client = new TestClient(app.url);
    const cases: Array<[Record<string, string>, string]> = [
      [
        { username: 'ab', email: 'ab@example.test', password: GOOD_PASSWORD },
        'Username must be at least 3 characters',
      ],
      [
        { username: 'abc', email: 'not-an-email', password: GOOD_PASSWORD },
        'Please enter a valid email address',
      ],
      [
        { username: 'abc', email: 'abc@example.test', password: 'Short-1a' },
        'Password must be at least 12 characters',
      ],
      [
        { username: 'abc', email: 'abc@example.test', password: 'lower-case-only-1' },
        'Password must contain at least one uppercase letter',
      ],
      [
        { username: 'abc', email: 'abc@example.test', password: 'UPPER-CASE-ONLY-1' },
        'Password must contain at least one lowercase letter',
      ],
      [
        { username: 'abc', email: 'abc@example.test', password: 'No-Digits-Here' },
        'Password must contain at least one number',
      ],
      [
        { username: 'abc', email: 'abc@example.test', password: 'NoSpecials1234' },
        'Password must contain at least one special character',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await client.call('POST', '/api/register', body);
      expect(res.status, error).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const missing = await client.call('POST', '/api/register', { username: 'abc' });
    expect(missing.status).toBe(400);
    expect(client.cookie).toBeNull();
  });

  it('creates the account without a session, mails a confirmation link; sign-in sets a safe cookie', async () => {
    const res = await fetch(`${app.url}/api/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'alice',
        email: 'alice@example.test',
        password: GOOD_PASSWORD,
      }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      message: 'Account created. Please check your email to confirm your address.',
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    const mail = await waitFor(() => mailsTo('alice@example.test')[0]);
    expect(mail).toContain('Subject: Confirm your Mapsmith e-mail address');
    expect(mail).toContain(`${app.url}/confirm-email?token=`);
    const client = new TestClient(app.url);
    const login = await client.call('POST', '/api/login', {
      username: 'alice',
      password: GOOD_PASSWORD,
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ username: 'alice', isPro: false, emailConfirmed: false });
    const cookie = login.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^mapsmith_sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Lax/i);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/; Secure/i);
  });

  it('refuses a taken username (any letter case) with 409', async () => {
    const byName = await new TestClient(app.url).call('POST', '/api/register', {
      username: 'ALICE',
      email: 'other@example.test',
      password: GOOD_PASSWORD,
    });
    expect(byName.status).toBe(409);
    expect(byName.body.error).toBe('Unable to create account');
  });

  it('answers a taken e-mail exactly as a new account (status, headers, cookies, body) and mails its owner', async () => {
    const register = (username: string, email: string) =>
      fetch(`${app.url}/api/register`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, email, password: GOOD_PASSWORD }),
      });
    // Everything the client sees, with the one value that differs by nature (the clock) set aside.
    const seen = async (res: Response) => {
      const headers: Array<[string, string]> = [];
      res.headers.forEach((value, name) => {
        if (name !== 'date') headers.push([name, value]);
      });
      return { status: res.status, headers, body: await res.text() };
    };
    const taken = await seen(await register('alice2', 'Alice@Example.test'));
    const fresh = await seen(await register('brandnew', 'brandnew@example.test'));
    expect(taken).toEqual(fresh);
    expect(fresh.headers.map(([name]) => name)).not.toContain('set-cookie');
    const notice = await waitFor(() =>
      mailsTo('alice@example.test').find((m) => m.includes('tried to create a Mapsmith account')),
    );
    expect(notice).toContain('No new account was created');
    const count = await app.server.context.db.first<{ n: number }>(
      "SELECT COUNT(*) AS n FROM users WHERE username = 'alice2'",
    );
    expect(count?.n).toBe(0);
    // The new address got its confirmation link, and can sign in.
    await waitFor(() => mailsTo('brandnew@example.test')[0]);
    const login = await new TestClient(app.url).call('POST', '/api/login', {
      username: 'brandnew',
      password: GOOD_PASSWORD,
    });
    expect(login.status).toBe(200);
  });

  it('limits sign-ups per client IP to 10 an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await new TestClient(app.url).call(
        'POST',
        '/api/register',
        { username: `bulk${i}`, email: `bulk${i}@example.test`, password: GOOD_PASSWORD },
        { 'X-Forwarded-For': '198.18.0.7' },
      );
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
  });
});

describe('sign-in and sessions', () => {
  it('GET /api/user answers 401 when signed out', async () => {
    const res = await new TestClient(app.url).call('GET', '/api/user');
    expect(res.status).toBe(401);
  });

  it('refuses a wrong password and an unknown user with the same answer', async () => {
    const client = new TestClient(app.url);
    const wrong = await client.call('POST', '/api/login', {
      username: 'alice',
      password: 'Wrong-password-1',
    });
    const unknown = await client.call('POST', '/api/login', {
      username: 'nobody',
      password: 'Wrong-password-1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('Invalid username or password');
    expect(client.cookie).toBeNull();
  });

  it('takes about as long for an unknown user as for a wrong password (a dummy hash is checked)', async () => {
    const time = async (username: string, i: number) => {
      const started = performance.now();
      const res = await new TestClient(app.url).call(
        'POST',
        '/api/login',
        { username, password: 'Wrong-password-1' },
        { 'X-Forwarded-For': `192.0.2.${i}` },
      );
      expect(res.status).toBe(401);
      return performance.now() - started;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time('alice', 10 + i));
      unknown.push(await time(`ghost${i}`, 20 + i));
    }
    // Without the dummy hash an unknown name answers in ~1 ms against tens of ms for Argon2id.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.3);
  });

  it('signs in with username or e-mail, with a new session id each time', async () => {
    const client = new TestClient(app.url);
    const first = await client.call('POST', '/api/login', {
      username: 'alice',
      password: GOOD_PASSWORD,
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      username: 'alice',
      email: 'alice@example.test',
      isPro: false,
    });
    const firstCookie = client.cookie;
    const second = await client.call('POST', '/api/login', {
      username: 'alice@example.test',
      password: GOOD_PASSWORD,
    });
    expect(second.status).toBe(200);
    expect(client.cookie).not.toBe(firstCookie);
    // The session the second login replaced is gone.
    const stale = new TestClient(app.url);
    stale.cookie = firstCookie;
    expect((await stale.call('GET', '/api/user')).status).toBe(401);
    expect((await client.call('GET', '/api/user')).body.username).toBe('alice');
  });

  it('marks the cookie Secure behind an HTTPS proxy', async () => {
    const client = new TestClient(app.url);
    const res = await client.call(
      'POST',
      '/api/login',
      { username: 'alice', password: GOOD_PASSWORD },
      { 'X-Forwarded-Proto': 'https' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
  });

  it('with an https public URL: Secure cookies, and mail links to the public URL, never the Host header', async () => {
    const hosted = await startTestApp({ MAPSMITH_PUBLIC_URL: 'https://mapsmith.example' });
    try {
      const client = new TestClient(hosted.url);
      const res = await client.call(
        'POST',
        '/api/register',
        { username: 'pub', email: 'pub@example.test', password: GOOD_PASSWORD },
        { Host: 'evil.example' },
      );
      expect(res.status).toBe(201);
      const login = await client.call('POST', '/api/login', {
        username: 'pub',
        password: GOOD_PASSWORD,
      });
      expect(login.headers.get('set-cookie')).toMatch(/; Secure/i);
      const mail = await waitFor(() => outboxMessages(hosted.dataDir)[0]);
      expect(mail).toContain('https://mapsmith.example/confirm-email?token=');
      expect(mail).not.toContain('evil.example');
    } finally {
      await hosted.close();
    }
  });

  it('logs out: the session is destroyed and the cookie cleared', async () => {
    const client = new TestClient(app.url);
    await client.call('POST', '/api/login', { username: 'alice', password: GOOD_PASSWORD });
    const cookie = client.cookie;
    const res = await client.call('POST', '/api/logout');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Logged out successfully');
    expect(res.headers.get('set-cookie')).toMatch(/mapsmith_sid=;.*Expires=Thu, 01 Jan 1970/);
    const replay = new TestClient(app.url);
    replay.cookie = cookie;
    expect((await replay.call('GET', '/api/user')).status).toBe(401);
  });

  it('refuses a cross-site form POST to login', async () => {
    const form = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'cross-site',
      },
      body: `username=alice&password=${encodeURIComponent(GOOD_PASSWORD)}`,
    });
    expect(form.status).toBe(403);
    expect(form.headers.get('set-cookie')).toBeNull();
    const plainForm = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `username=alice&password=${encodeURIComponent(GOOD_PASSWORD)}`,
    });
    expect(plainForm.status).toBe(415);
  });
});
