import { randomBytes } from 'node:crypto';
import type { SiteKeyRepository } from '@mapsmith/app';

/** IndexNow keys: 8-128 characters of a-z, A-Z, 0-9 and "-". */
export const INDEXNOW_KEY = /^[A-Za-z0-9-]{8,128}$/;

/** A fresh key: 32 hex characters (128 random bits), well inside the allowed form. */
export function generateKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The user's IndexNow key for a site host, made on first use and kept, so the key file the user
 * publishes stays valid for every later ping of that site. Racing first pings (any server)
 * agree on one key.
 */
export function siteKey(keys: SiteKeyRepository, userId: number, host: string): Promise<string> {
  return keys.keyFor(userId, host.toLowerCase(), generateKey());
}
