import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenInfo, ApiTokenRepository } from '@mapsmith/app';
import { isProAt } from '@mapsmith/app';
import { API_TOKEN_PREFIX, HOUR_MS, type RateInfo } from '@mapsmith/core';
import type { SessionUser } from './session.js';

/** Every API token starts with this (said once in core, where the API reference reads it). */
export { API_TOKEN_PREFIX } from '@mapsmith/core';
/** Live (unrevoked) tokens a user may hold at once. */
export const MAX_LIVE_TOKENS = 10;
/** Bearer requests per token per rolling hour (decisions.md plans table). */
export const TOKEN_REQUESTS_PER_HOUR = 100;

/** A token as listed: never the token itself. */
export type { ApiTokenInfo } from '@mapsmith/app';

/** Tokens are stored only as their SHA-256, so a leaked database yields no live token. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token: the prefix and 32 random bytes in base64url. */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** The user's live tokens, newest first. */
export function listApiTokens(tokens: ApiTokenRepository, userId: number): Promise<ApiTokenInfo[]> {
  return tokens.list(userId);
}

/**
 * Creates a token unless the user already holds `MAX_LIVE_TOKENS` live ones (counted and
 * inserted atomically per user, so parallel requests on any number of servers cannot pass the
 * cap). The token itself is returned here once and never again.
 */
export async function createApiToken(
  tokens: ApiTokenRepository,
  userId: number,
  name: string,
): Promise<(ApiTokenInfo & { token: string }) | null> {
  const token = generateApiToken();
  const info = await tokens.create(
    userId,
    name,
    hashApiToken(token),
    new Date().toISOString(),
    MAX_LIVE_TOKENS,
  );
  return info ? { ...info, token } : null;
}

/** Revokes one of the user's live tokens; false when there is none with that id. */
export function revokeApiToken(
  tokens: ApiTokenRepository,
  userId: number,
  id: number,
): Promise<boolean> {
  return tokens.revoke(userId, id, new Date().toISOString());
}

/** What a bearer token is worth for one request. */
export type BearerCheck =
  | { kind: 'invalid' }
  | { kind: 'not-pro'; rate: RateInfo }
  | { kind: 'limited'; rate: RateInfo }
  | { kind: 'ok'; tokenId: number; user: SessionUser; rate: RateInfo };

/**
 * Checks a bearer token and counts the request against its hourly window, atomically (the
 * window's events live in `rate_events` under `api-token:<id>`, pruned on the way like the
 * other rolling limits). Only a counted request updates `last_used_at`.
 */
export async function checkBearerToken(
  tokens: ApiTokenRepository,
  token: string,
  now: number,
): Promise<BearerCheck> {
  const counted = await tokens.countRequest(
    hashApiToken(token),
    now,
    TOKEN_REQUESTS_PER_HOUR,
    HOUR_MS,
  );
  if (counted.kind !== 'ok') return counted;
  const { user } = counted;
  return {
    kind: 'ok',
    tokenId: counted.tokenId,
    rate: counted.rate,
    user: {
      id: user.id,
      username: user.username,
      email: user.email,
      emailConfirmed: user.email_confirmed_at !== null,
      proUntil: user.pro_until,
      isPro: isProAt(user.pro_until, now),
    },
  };
}
