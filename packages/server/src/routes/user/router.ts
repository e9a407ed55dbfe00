import { deleteAccount } from '../../accounts/delete-account.js';
import type { AccountServices } from '../../accounts/services.js';
import { clearSessionCookie, secureCookies } from '../../accounts/sessions.js';
import type { RouteTable } from '../../http/operation-route.js';

/**
 * `GET /api/user` (401 when signed out) and `DELETE /api/user` (password re-entered).
 * `refreshPro` (payments reconciliation) runs before the answer and resolves with the user's new
 * `proUntil` when a pending payment was settled, so a reload shows Pro once PayPal completes it.
 */
export function userRoutes(
  s: AccountServices,
  refreshPro?: (userId: number) => Promise<{ proUntil: string | null } | undefined>,
): RouteTable {
  return {
    'user.get': async (_input, { user }) => {
      const fresh = await refreshPro?.(user.id);
      if (fresh) {
        user.proUntil = fresh.proUntil;
        user.isPro = fresh.proUntil !== null && Date.parse(fresh.proUntil) > Date.now();
      }
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        isPro: user.isPro,
        proUntil: user.proUntil,
        emailConfirmed: user.emailConfirmed,
      };
    },

    'user.delete': async ({ password }, { user, req, res }) => {
      await deleteAccount(s, user.id, password, req.ip ?? 'unknown');
      clearSessionCookie(res, secureCookies(req, s.config.publicUrl));
      return { message: 'Your account and its data have been deleted.' };
    },
  };
}
