import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { deleteAccount } from '../../accounts/delete-account.js';
import type { AccountServices } from '../../accounts/services.js';
import { clearSessionCookie, secureCookies } from '../../accounts/sessions.js';
import { requireUser } from '../../auth/session.js';
import { parseInput } from '../../http/validate.js';

/**
 * `GET /api/user` (401 when signed out) and `DELETE /api/user` (password re-entered).
 * `refreshPro` (payments reconciliation) runs before the answer and resolves with the user's new
 * `proUntil` when a pending payment was settled, so a reload shows Pro once PayPal completes it.
 */
export function userRouter(
  s: AccountServices,
  refreshPro?: (userId: number) => Promise<{ proUntil: string | null } | undefined>,
): Router {
  const router = Router();

  router.get(operations['user.get'].path, requireUser, async (_req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const fresh = await refreshPro?.(user.id);
    if (fresh) {
      user.proUntil = fresh.proUntil;
      user.isPro = fresh.proUntil !== null && Date.parse(fresh.proUntil) > Date.now();
    }
    res.set('Cache-Control', 'no-store').json({
      id: user.id,
      username: user.username,
      email: user.email,
      isPro: user.isPro,
      proUntil: user.proUntil,
      emailConfirmed: user.emailConfirmed,
    });
  });

  router.delete(operations['user.delete'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    const { password } = parseInput(operations['user.delete'].input, req.body);
    await deleteAccount(s, user.id, password, req.ip ?? 'unknown');
    clearSessionCookie(res, secureCookies(req, s.config.publicUrl));
    res.json({ message: 'Your account and its data have been deleted.' });
  });

  return router;
}
