import { AppError } from '@mapsmith/app';
import { schemas, type User } from '@mapsmith/core';

/**
 * Asks the hosted app who a token belongs to (`GET /api/user` with `Authorization: Bearer`),
 * so a token only lifts the limits when the hosted account really is Pro. `apiBase` is the
 * hosted origin (configuration; tests point it at a local server).
 */
export async function fetchHostedAccount(apiBase: string, token: string): Promise<User> {
  let response: Response;
  try {
    response = await fetch(new URL('/api/user', apiBase), {
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    throw new AppError(
      'account.link-failed',
      'Could not reach Mapsmith',
      `Linking needs a connection to ${new URL(apiBase).host} (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  if (response.status === 401 || response.status === 403) {
    throw new AppError(
      'account.link-refused',
      'Token not accepted',
      'The hosted app did not accept this token. Create a new one under Dashboard, API tokens, and paste it here.',
    );
  }
  if (!response.ok) {
    throw new AppError(
      'account.link-failed',
      'Could not link the account',
      `The hosted app answered ${response.status}.`,
    );
  }
  const parsed = schemas.user.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    throw new AppError(
      'account.link-failed',
      'Could not link the account',
      'The hosted app sent an answer Mapsmith does not understand.',
    );
  }
  return parsed.data;
}
