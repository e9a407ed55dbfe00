/**
 * Account mail from where the user is (issue 26 point 3), over real HTTP: "resend confirmation"
 * asked by address while signed out, and the reset page's check of its link as it opens.
 */
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
const resend = (email?: string) =>
  new TestClient(app.url).call('POST', '/api/resend-confirmation', email ? { email } : {});

/** Signs up `name` without signing in, as the sign-up page does; waits for its first mail. */
async function signUp(name: string): Promise<void> {
  const res = await new TestClient(app.url).call('POST', '/api/register', {
    username: name,
    email: `${name}@example.test`,
    password: GOOD_PASSWORD,
  });
  expect(res.status).toBe(201);
  await waitFor(() => mailsTo(`${name}@example.test`)[0]);
}

describe('resend confirmation by address, signed out', () => {
  it('mails a registered unconfirmed address, not an unknown or confirmed one, with one answer', async () => {
    await signUp('fresh');
    await registerUser(app.url, 'done');
    const doneToken = tokenFrom(await waitFor(() => mailsTo('done@example.test')[0]));
    expect(
      (await new TestClient(app.url).call('POST', '/api/confirm-email', { token: doneToken }))
        .status,
    ).toBe(200);

    const unknown = await resend('ghost@example.test');
    const confirmed = await resend('done@example.test');
    const known = await resend('FRESH@example.test');
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(confirmed.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(confirmed.body).toEqual(known.body);
    expect(known.body.message).toMatch(/new confirmation e-mail/);

    // The new link arrives, and it confirms the address.
    const token = tokenFrom(await waitFor(() => mailsTo('fresh@example.test')[1]));
    expect(
      (await new TestClient(app.url).call('POST', '/api/confirm-email', { token })).status,
    ).toBe(200);
    expect(mailsTo('ghost@example.test')).toHaveLength(0);
    expect(mailsTo('done@example.test')).toHaveLength(1);
  });

  it('is throttled per address, alike for unknown and registered addresses', async () => {
    await signUp('spam');
    const answers = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 6; i++) {
      answers.known.push((await resend('spam@example.test')).status);
      answers.unknown.push((await resend('nobody@example.test')).status);
    }
    expect(answers.known).toEqual([200, 200, 200, 200, 200, 429]);
    expect(answers.unknown).toEqual(answers.known);
    const refused = await resend('nobody@example.test');
    expect(refused.body.code).toBe('account.mail-throttled');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Five resends on top of the sign-up mail, never more.
    await waitFor(() => mailsTo('spam@example.test')[5]);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo('spam@example.test')).toHaveLength(6);
  });

  it('asks for an address in plain words when none or a bad one is given', async () => {
    for (const email of [undefined, 'not-an-address']) {
      const res = await resend(email);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'input.invalid', error: 'Enter a valid email' });
    }
  });
});

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
