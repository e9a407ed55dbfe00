import type { Plan } from '@mapsmith/core';
import type { SessionUser } from '../auth/session.js';

/** The plan of a visitor: anonymous without a session, else Pro while paid, else free. */
export function planOf(user: SessionUser | undefined): Plan {
  if (!user) return 'anonymous';
  return user.isPro ? 'pro' : 'free';
}
