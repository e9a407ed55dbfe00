import { randomBytes } from 'node:crypto';
import type { SessionRepository } from '@mapsmith/app';
import type { Request, Response } from 'express';
import { hashSessionId, SESSION_COOKIE } from '../auth/session.js';

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
  sessions: SessionRepository,
  res: Response,
  userId: number,
  secure: boolean,
  now = Date.now(),
): Promise<void> {
  const id = randomBytes(32).toString('base64url');
  // The request's old session (if any) and the user's expired ones end in the same step.
  await sessions.start({
    idHash: hashSessionId(id),
    userId,
    csrfToken: randomBytes(32).toString('base64url'),
    expiresAt: new Date(now + SESSION_TTL_MS).toISOString(),
    now: new Date(now).toISOString(),
    replaces: res.locals.sessionIdHash,
  });
  res.cookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: SESSION_TTL_MS,
  });
}

/** Deletes one session (logout). */
export function endSession(sessions: SessionRepository, idHash: string): Promise<void> {
  return sessions.end(idHash);
}

/** Removes the session cookie from the browser, with the same attributes it was set with. */
export function clearSessionCookie(res: Response, secure: boolean): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' });
}
