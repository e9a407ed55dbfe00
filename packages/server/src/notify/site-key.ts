import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.js';

/** IndexNow keys: 8-128 characters of a-z, A-Z, 0-9 and "-". */
export const INDEXNOW_KEY = /^[A-Za-z0-9-]{8,128}$/;

/** A fresh key: 32 hex characters (128 random bits), well inside the allowed form. */
export function generateKey(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The user's IndexNow key for a site host, made on first use and kept, so the key file the user
 * publishes stays valid for every later ping of that site.
 */
export async function siteKey(db: Database, userId: number, host: string): Promise<string> {
  await db.run('INSERT OR IGNORE INTO indexnow_keys (user_id, host, key) VALUES (?, ?, ?)', [
    userId,
    host.toLowerCase(),
    generateKey(),
  ]);
  const row = await db.first<{ key: string }>(
    'SELECT key FROM indexnow_keys WHERE user_id = ? AND host = ?',
    [userId, host.toLowerCase()],
  );
  if (!row) throw new Error('IndexNow key was not stored');
  return row.key;
}
