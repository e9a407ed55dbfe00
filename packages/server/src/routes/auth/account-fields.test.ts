/**
 * Every account refusal names the field it is about (`field` in the body, issue 26.4), so the
 * form shows it under that input; codes stay as they were, and a failed sign-in names the
 * password whether the name exists or not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GOOD_PASSWORD,
  registerUser,
  startTestApp,
  type TestApp,
  TestClient,
} from '../../../../../tests/servers/app-harness.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  await registerUser(app.url, 'fieldowner');
});
afterAll(async () => {
  await app.close();
});

const call = (method: string, path: string, body: unknown) =>
  new TestClient(app.url).call(method, path, body);
const register = (over: Record<string, string>) =>
  call('POST', '/api/register', {
    username: 'newcomer',
    email: 'newcomer@example.test',
    password: GOOD_PASSWORD,
    ...over,
  });

describe('account refusals name their field', () => {
  it('sign-up: a taken username, then each rule in form order', async () => {
    const taken = await register({ username: 'FieldOwner' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'account.taken', field: 'username' });

    const short = await register({ username: 'ab', email: 'bad', password: 'short' });
    expect(short.body).toMatchObject({ code: 'input.invalid', field: 'username' });
    const email = await register({ email: 'not-an-address', password: 'short' });
    expect(email.body).toMatchObject({ code: 'input.invalid', field: 'email' });
    const password = await register({ password: 'alllowercase-1' });
    expect(password.body).toMatchObject({
      code: 'input.invalid',
      field: 'password',
      error: 'Password must contain at least one uppercase letter',
    });
  });

  it('sign-in: the password, alike for an unknown name and a wrong password', async () => {
    const wrong = await call('POST', '/api/login', {
      username: 'fieldowner',
      password: 'Wrong-Password-9',
    });
    const unknown = await call('POST', '/api/login', {
      username: 'nobody-here',
      password: 'Wrong-Password-9',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body).toMatchObject({ code: 'auth.invalid-login', field: 'password' });
  });

  it('reset, forgot and resend: the password or the address', async () => {
    const reset = await call('POST', '/api/reset-password', { token: 'x', password: 'weak' });
    expect(reset.body).toMatchObject({ code: 'input.invalid', field: 'password' });
    const dead = await call('POST', '/api/reset-password', {
      token: 'x',
      password: GOOD_PASSWORD,
    });
    expect(dead.body.code).toBe('account.link-invalid');
    expect(dead.body.field).toBeUndefined();
    const forgot = await call('POST', '/api/forgot-password', { email: 'nope' });
    expect(forgot.body).toMatchObject({ code: 'input.invalid', field: 'email' });
    const resend = await call('POST', '/api/resend-confirmation', { email: 'nope' });
    expect(resend.body).toMatchObject({ code: 'input.invalid', field: 'email' });
  });

  it('account deletion: a wrong password names the password', async () => {
    const owner = await registerUser(app.url, 'deleter');
    const wrong = await owner.call('DELETE', '/api/user', { password: 'Not-the-password-1' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'auth.wrong-password', field: 'password' });
  });
});
