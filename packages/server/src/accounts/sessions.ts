import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { hashSessionId, SESSION_COOKIE } from '../auth/session.js';
import type { Database } from '../db/database.js';

/** Sessions last 14 days from sign-in. */
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * Whether cookies get `Secure`: the request came over HTTPS (directly, or through the trusted
 * loopback proxy's X-Forwarded-Proto), or the app's public URL is https.
 */
export function secureCookies(req: Request, publicUrl: string | null): boolean {
  return req.secure || (publicUrl?.startsWith('https:') ?? false);
}

/**
 * Starts a new session for a user and sets its cookie. The id is fresh random bytes (never
 * reused from the request), which is what "regenerate at login" means: a session id planted
 * before sign-in is worthless after it.
 */
export async function startSession(
  db: Database,
  res: Response,
  userId: number,
  secure: boolean,
  now = Date.now(),
): Promise<void> {
  if (res.locals.sessionIdHash) await endSession(db, res.locals.sessionIdHash);
  // Expired sessions are never read again; sweeping the user's own keeps the table small.
  await db.run('DELETE FROM sessions WHERE user_id = ? AND expires_at <= ?', [
    userId,
    new Date(now).toISOString(),
  ]);
  const id = randomBytes(32).toString('base64url');
  await db.run(
    'INSERT INTO sessions (id_hash, user_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)',
    [
      hashSessionId(id),
      userId,
      randomBytes(32).toString('base64url'),
      new Date(now + SESSION_TTL_MS).toISOString(),
    ],
  );
  res.cookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_MS,
  });
}

/** Deletes one session (logout). */
export async function endSession(db: Database, idHash: string): Promise<void> {
  await db.run('DELETE FROM sessions WHERE id_hash = ?', [idHash]);
}

/** Deletes every session of a user (password reset, account deletion). */
export async function endAllSessions(db: Database, userId: number): Promise<void> {
  await db.run('DELETE FROM sessions WHERE user_id = ?', [userId]);
}

/** Removes the session cookie from the browser, with the same attributes it was set with. */
export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
