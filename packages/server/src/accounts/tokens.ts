import { createHash, randomBytes } from 'node:crypto';
import type { AccountTokenKind, AccountTokenRepository } from '@mapsmith/app';

/** What a token proves: ownership of the address (confirm) or the right to set a password (reset). */
export type TokenKind = AccountTokenKind;

/** How long each kind stays valid: confirm 24 h, reset 1 h (decisions.md). */
export const TOKEN_TTL_MS: Readonly<Record<TokenKind, number>> = {
  confirm: 24 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

/** Tokens are stored only as their SHA-256: a leaked database yields no usable link. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Issues a new token of `kind` for a user (32 random bytes, base64url) and withdraws the
 * user's earlier unused tokens of that kind, so only the newest link works.
 */
export async function issueToken(
  tokens: AccountTokenRepository,
  userId: number,
  kind: TokenKind,
  now = Date.now(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tokens.issue(
    userId,
    kind,
    hashToken(token),
    new Date(now + TOKEN_TTL_MS[kind]).toISOString(),
  );
  return token;
}

/**
 * The stored form of a link's token, or null for a value no link can have (longer than any
 * token we mail), which is refused without a database round trip.
 */
export function linkHash(token: string): string | null {
  return token.length > 200 ? null : hashToken(token);
}
