import { createHash } from 'node:crypto';
import type { SessionRepository } from '@mapsmith/app';
import { isProAt } from '@mapsmith/app';
import { SESSION_COOKIE } from '@mapsmith/core';
import type { RequestHandler } from 'express';
import { parseCookies } from './cookies.js';

/** Name of the session cookie (said once in core, where the API reference reads it too). */
export { SESSION_COOKIE } from '@mapsmith/core';

/** The signed-in user as routes see it. */
export interface SessionUser {
  id: number;
  username: string;
  email: string;
  emailConfirmed: boolean;
  /** ISO time until which Pro is paid, or null. */
  proUntil: string | null;
  /** Whether Pro is active now (`proUntil` in the future). */
  isPro: boolean;
}

declare global {
  namespace Express {
    interface Locals {
      /** The signed-in user, set by `loadSession`; undefined when signed out. */
      user?: SessionUser;
      /** The hash of the session id, for logout and rotation. */
      sessionIdHash?: string;
    }
  }
}

/** Session ids are stored only as their SHA-256, so a leaked database yields no live session. */
export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** Reads the session cookie and puts the signed-in user (if any) in `res.locals.user`. */
export function loadSession(
  sessions: SessionRepository,
  now: () => number = Date.now,
): RequestHandler {
  return async (req, res, next) => {
    const id = parseCookies(req.headers.cookie).get(SESSION_COOKIE);
    if (!id) return next();
    const idHash = hashSessionId(id);
    const row = await sessions.user(idHash, new Date(now()).toISOString());
    if (row) {
      res.locals.sessionIdHash = idHash;
      res.locals.user = {
        id: row.id,
        username: row.username,
        email: row.email,
        emailConfirmed: row.email_confirmed_at !== null,
        proUntil: row.pro_until,
        isPro: isProAt(row.pro_until, now()),
      };
    }
    next();
  };
}
