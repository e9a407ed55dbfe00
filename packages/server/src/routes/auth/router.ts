import {
  confirmEmail,
  resendConfirmation,
  resendConfirmationTo,
} from '../../accounts/confirmation.js';
import { appOrigin } from '../../accounts/links.js';
import {
  checkResetToken,
  FORGOT_MESSAGE,
  requestPasswordReset,
  resetPassword,
} from '../../accounts/password-reset.js';
import { REGISTERED_MESSAGE, registerAccount } from '../../accounts/register.js';
import type { AccountServices } from '../../accounts/services.js';
import {
  clearSessionCookie,
  endSession,
  secureCookies,
  startSession,
} from '../../accounts/sessions.js';
import { signIn } from '../../accounts/sign-in.js';
import { presentUser } from '../../accounts/users.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';
import {
  checkResetInput,
  confirmInput,
  forgotInput,
  loginInput,
  registerInput,
  resendInput,
  resetInput,
} from './schema.js';

/**
 * Sign-up, sign-in, sign-out, e-mail confirmation and password reset (spec §7). The hosted app
 * checks the input with the spec's own rules and words (./schema.ts); the session cookie is
 * set and cleared on the response by the account calls.
 */
export function authRoutes(s: AccountServices): RouteTable {
  return {
    'auth.register': {
      input: registerInput,
      handle: async (input, { req }) => {
        await registerAccount(s, input, appOrigin(s.config, req), req.ip ?? 'unknown');
        // One answer whether the address was free or taken (issue 19): no session, no user.
        return HttpResult.json({ message: REGISTERED_MESSAGE }, { status: 201 });
      },
    },

    'auth.login': {
      input: loginInput,
      handle: async ({ username, password }, { req, res }) => {
        const user = await signIn(s, username, password, req.ip ?? 'unknown');
        await startSession(
          s.accounts.sessions,
          res,
          user.id,
          secureCookies(req, s.config.publicUrl),
        );
        return presentUser(user);
      },
    },

    'auth.logout': async (_input, { req, res }) => {
      if (res.locals.sessionIdHash) await endSession(s.accounts.sessions, res.locals.sessionIdHash);
      clearSessionCookie(res, secureCookies(req, s.config.publicUrl));
      return { message: 'Logged out successfully' };
    },

    'auth.confirmEmail': {
      input: confirmInput,
      handle: async ({ token }) => {
        await confirmEmail(s, token);
        return { message: 'Email verified successfully. You can now log in.' };
      },
    },

    'auth.resendConfirmation': {
      input: resendInput,
      handle: async ({ email }, { user, req }) => {
        const origin = appOrigin(s.config, req);
        if (user) return { message: await resendConfirmation(s, user, origin) };
        // Signed out (the page right after sign-up): by address, one answer for any address.
        return { message: await resendConfirmationTo(s, email ?? '', origin) };
      },
    },

    'auth.forgotPassword': {
      input: forgotInput,
      handle: ({ email }, { req }) => {
        requestPasswordReset(s, email, appOrigin(s.config, req));
        return { message: FORGOT_MESSAGE };
      },
    },

    'auth.checkResetToken': {
      input: checkResetInput,
      handle: async ({ token }) => ({ valid: await checkResetToken(s, token) }),
    },

    'auth.resetPassword': {
      input: resetInput,
      handle: async ({ token, password }) => {
        await resetPassword(s, token, password);
        return { message: 'Password updated. You can now sign in with your new password.' };
      },
    },
  };
}
