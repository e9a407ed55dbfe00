import { createHash, randomBytes } from 'node:crypto';
import { SHARE_TOKEN_PATTERN } from '@mapsmith/core';

/** A new share token: 32 random bytes in base64url (43 characters, 256 bits). */
export function generateShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a leaked database opens no report. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** True when `token` has a share token's shape (anything else cannot be one). */
export function isShareTokenShaped(token: string): boolean {
  return SHARE_TOKEN_PATTERN.test(token);
}
