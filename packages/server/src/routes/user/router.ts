import { isProAt } from '@mapsmith/app';
import { deleteAccount } from '../../accounts/delete-account.js';
import type { AccountServices } from '../../accounts/services.js';
import { clearSessionCookie, secureCookies } from '../../accounts/sessions.js';
import type { RouteTable } from '../../http/operation-route.js';
import type { PaymentStand } from '../../payments/pending.js';

/**
 * `GET /api/user` (401 when signed out) and `DELETE /api/user` (password re-entered).
 * `paymentStand` (payments reconciliation) runs before the answer: it resolves with the user's new
 * `proUntil` when a pending payment was settled, so a reload shows Pro once PayPal completes it,
 * and with the payment still pending at PayPal (`pendingPayment`), if any.
 */
export function userRoutes(
  s: AccountServices,
  paymentStand?: (userId: number) => Promise<PaymentStand>,
): RouteTable {
  return {
    'user.get': async (_input, { user }) => {
      const stand = await paymentStand?.(user.id);
      const fresh = stand?.fresh;
      if (fresh) {
        user.proUntil = fresh.proUntil;
        user.isPro = isProAt(fresh.proUntil, Date.now());
      }
      return {
        id: user.id,
        username: user.username,
        email: user.email,
        isPro: user.isPro,
        proUntil: user.proUntil,
        emailConfirmed: user.emailConfirmed,
        pendingPayment: stand?.pending ?? null,
      };
    },

    'user.delete': async ({ password }, { user, req, res }) => {
      await deleteAccount(s, user.id, password, req.ip ?? 'unknown');
      clearSessionCookie(res, secureCookies(req, s.config.publicUrl));
      return { message: 'Your account and its data have been deleted.' };
    },
  };
}
