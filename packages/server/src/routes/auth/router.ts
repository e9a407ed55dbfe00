import { operations } from '@mapsmith/core';
import { Router } from 'express';
import { confirmEmail, resendConfirmation } from '../../accounts/confirmation.js';
import { appOrigin } from '../../accounts/links.js';
import {
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
import { requireUser } from '../../auth/session.js';
import { parseInput } from '../../http/validate.js';
import { confirmInput, forgotInput, loginInput, registerInput, resetInput } from './schema.js';

/** Sign-up, sign-in, sign-out, e-mail confirmation and password reset (spec §7). */
export function authRouter(s: AccountServices): Router {
  const router = Router();

  router.post(operations['auth.register'].path, async (req, res) => {
    const input = parseInput(registerInput, req.body);
    await registerAccount(s, input, appOrigin(s.config, req), req.ip ?? 'unknown');
    // One answer whether the address was free or taken (issue 19): no session, no user.
    res.status(201).json({ message: REGISTERED_MESSAGE });
  });

  router.post(operations['auth.login'].path, async (req, res) => {
    const { username, password } = parseInput(loginInput, req.body);
    const user = await signIn(s, username, password, req.ip ?? 'unknown');
    await startSession(s.accounts.sessions, res, user.id, secureCookies(req, s.config.publicUrl));
    res.json(presentUser(user));
  });

  router.post(operations['auth.logout'].path, async (req, res) => {
    if (res.locals.sessionIdHash) await endSession(s.accounts.sessions, res.locals.sessionIdHash);
    clearSessionCookie(res, secureCookies(req, s.config.publicUrl));
    res.json({ message: 'Logged out successfully' });
  });

  router.post(operations['auth.confirmEmail'].path, async (req, res) => {
    const { token } = parseInput(confirmInput, req.body);
    await confirmEmail(s, token);
    res.json({ message: 'Email verified successfully. You can now log in.' });
  });

  router.post(operations['auth.resendConfirmation'].path, requireUser, async (req, res) => {
    const user = res.locals.user;
    if (!user) return;
    res.json({ message: await resendConfirmation(s, user, appOrigin(s.config, req)) });
  });

  router.post(operations['auth.forgotPassword'].path, (req, res) => {
    const { email } = parseInput(forgotInput, req.body);
    requestPasswordReset(s, email, appOrigin(s.config, req));
    res.json({ message: FORGOT_MESSAGE });
  });

  router.post(operations['auth.resetPassword'].path, async (req, res) => {
    const { token, password } = parseInput(resetInput, req.body);
    await resetPassword(s, token, password);
    res.json({ message: 'Password updated. You can now sign in with your new password.' });
  });

  return router;
}
