import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, HOUR_MS, type RateInfo } from '@mapsmith/core';
import type { Database } from '../db/database.js';
import type { SessionUser } from './session.js';

/** Every API token starts with this (said once in core, where the API reference reads it). */
export { API_TOKEN_PREFIX } from '@mapsmith/core';
/** Live (unrevoked) tokens a user may hold at once. */
export const MAX_LIVE_TOKENS = 10;
/** Bearer requests per token per rolling hour (decisions.md plans table). */
export const TOKEN_REQUESTS_PER_HOUR = 100;

/** A token as listed: never the token itself. */
export interface ApiTokenInfo {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** Tokens are stored only as their SHA-256, so a leaked database yields no live token. */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A new token: the prefix and 32 random bytes in base64url. */
export function generateApiToken(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** The user's live tokens, newest first. */
export function listApiTokens(db: Database, userId: number): Promise<ApiTokenInfo[]> {
  return db.all<ApiTokenInfo>(
    `SELECT id, name, created_at AS createdAt, last_used_at AS lastUsedAt FROM api_tokens
      WHERE user_id = ? AND revoked_at IS NULL ORDER BY id DESC`,
    [userId],
  );
}

/**
 * Creates a token unless the user already holds `MAX_LIVE_TOKENS` live ones (counted and
 * inserted in one immediate transaction, so parallel requests cannot pass the cap). The token
 * itself is returned here once and never again.
 */
export function createApiToken(
  db: Database,
  userId: number,
  name: string,
): Promise<(ApiTokenInfo & { token: string }) | null> {
  return db.transaction(async (tx) => {
    const row = await tx.first<{ n: number }>(
      'SELECT COUNT(*) AS n FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL',
      [userId],
    );
    if ((row?.n ?? 0) >= MAX_LIVE_TOKENS) return null;
    const token = generateApiToken();
    const createdAt = new Date().toISOString();
    const { lastID } = await tx.run(
      'INSERT INTO api_tokens (user_id, name, token_hash, created_at) VALUES (?, ?, ?, ?)',
      [userId, name, hashApiToken(token), createdAt],
    );
    return { id: lastID, name, createdAt, lastUsedAt: null, token };
  });
}

/** Revokes one of the user's live tokens; false when there is none with that id. */
export async function revokeApiToken(db: Database, userId: number, id: number): Promise<boolean> {
  const { changes } = await db.run(
    `UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL`,
    [new Date().toISOString(), id, userId],
  );
  return changes > 0;
}

/** What a bearer token is worth for one request. */
export type BearerCheck =
  | { kind: 'invalid' }
  | { kind: 'not-pro'; rate: RateInfo }
  | { kind: 'limited'; rate: RateInfo }
  | { kind: 'ok'; tokenId: number; user: SessionUser; rate: RateInfo };

interface TokenUserRow {
  token_id: number;
  revoked_at: string | null;
  id: number;
  username: string;
  email: string;
  email_confirmed_at: string | null;
  pro_until: string | null;
}

/**
 * Checks a bearer token and counts the request against its hourly window, in one immediate
 * transaction (the window's events live in `rate_events` under `api-token:<id>`, pruned on the
 * way like the other rolling limits). Only a counted request updates `last_used_at`.
 */
export function checkBearerToken(db: Database, token: string, now: number): Promise<BearerCheck> {
  return db.transaction(async (tx): Promise<BearerCheck> => {
    const row = await tx.first<TokenUserRow>(
      `SELECT t.id AS token_id, t.revoked_at, u.id, u.username, u.email, u.email_confirmed_at,
              u.pro_until
         FROM api_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ?`,
      [hashApiToken(token)],
    );
    if (!row || row.revoked_at !== null) return { kind: 'invalid' };
    const bucket = `api-token:${row.token_id}`;
    await tx.run('DELETE FROM rate_events WHERE bucket = ? AND at_ms <= ?', [
      bucket,
      now - HOUR_MS,
    ]);
    const counted = await tx.first<{ n: number; oldest: number | null }>(
      'SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM rate_events WHERE bucket = ?',
      [bucket],
    );
    const used = counted?.n ?? 0;
    const limit = TOKEN_REQUESTS_PER_HOUR;
    const resetMs = (counted?.oldest ?? now) + HOUR_MS;
    const remaining = Math.max(0, limit - used);
    const isPro = row.pro_until !== null && Date.parse(row.pro_until) > now;
    if (!isPro) return { kind: 'not-pro', rate: { limit, remaining, resetMs } };
    if (used >= limit) return { kind: 'limited', rate: { limit, remaining: 0, resetMs } };
    await tx.run('INSERT INTO rate_events (bucket, at_ms) VALUES (?, ?)', [bucket, now]);
    await tx.run('UPDATE api_tokens SET last_used_at = ? WHERE id = ?', [
      new Date(now).toISOString(),
      row.token_id,
    ]);
    return {
      kind: 'ok',
      tokenId: row.token_id,
      rate: { limit, remaining: remaining - 1, resetMs },
      user: {
        id: row.id,
        username: row.username,
        email: row.email,
        emailConfirmed: row.email_confirmed_at !== null,
        proUntil: row.pro_until,
        isPro,
      },
    };
  });
}

/**
 * Revokes every live token of a user (a password reset): a token minted by whoever held a
 * session must not outlive the owner taking the account back. Returns how many were revoked.
 */
export async function revokeAllApiTokens(db: Database, userId: number): Promise<number> {
  const { changes } = await db.run(
    'UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL',
    [new Date().toISOString(), userId],
  );
  return changes;
}
