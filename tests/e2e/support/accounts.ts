import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { tokenFromOutbox } from './outbox';

/** A fresh, valid account for one test. */
export function newAccount(prefix = 'user') {
  const id = randomBytes(4).toString('hex');
  return {
    username: `${prefix}${id}`,
    email: `${prefix}${id}@example.com`,
    password: `Str0ng-Pass-${id}`,
  };
}

/**
 * Registers an account through the API and signs it in (registration itself starts no
 * session), for tests about something other than signup.
 */
export async function registerByApi(
  request: APIRequestContext,
  account: { username: string; email: string; password: string },
): Promise<void> {
  const response = await request.post('/api/register', { data: account });
  if (!response.ok())
    throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  const login = await request.post('/api/login', {
    data: { username: account.username, password: account.password },
  });
  if (!login.ok()) throw new Error(`login failed: ${login.status()} ${await login.text()}`);
}

/** Asks for a reset link for `email` through the API and answers its token from the outbox. */
export async function resetTokenByApi(
  request: APIRequestContext,
  dataDir: string,
  email: string,
): Promise<string> {
  const response = await request.post('/api/forgot-password', { data: { email } });
  if (!response.ok()) throw new Error(`forgot-password failed: ${response.status()}`);
  return tokenFromOutbox(dataDir, email, '/reset-password');
}
