import { operations } from '@mapsmith/core';
import { type RequestHandler, Router } from 'express';
import {
  createApiToken,
  listApiTokens,
  MAX_LIVE_TOKENS,
  revokeApiToken,
} from '../../auth/api-tokens.js';
import { proRequired } from '../../auth/bearer.js';
import { requireUser } from '../../auth/session.js';
import { HttpError } from '../../http/errors.js';
import { parseInput } from '../../http/validate.js';
import type { ApiTokenRepository } from '../../repos/ports-accounts.js';
import { createTokenInput, tokenRefInput } from './schema.js';

/** Tokens are managed from a signed-in session of a Pro user; a token cannot mint tokens. */
const requireProSession: RequestHandler = (_req, res, next) => {
  if (res.locals.apiTokenId !== undefined) {
    throw new HttpError(
      403,
      'Session required',
      'Manage API tokens from the Mapsmith dashboard',
      {},
      'auth.session-required',
    );
  }
  if (!res.locals.user?.isPro) throw proRequired();
  next();
};

/** `GET /api/tokens`, `POST /api/tokens` and `DELETE /api/tokens/:id` (Pro API tokens). */
export function tokensRouter(tokens: ApiTokenRepository): Router {
  const router = Router();
  router.get(operations['tokens.list'].path, requireUser, requireProSession, async (_req, res) => {
    const user = res.locals.user;
    if (!user) return;
    res.set('Cache-Control', 'no-store').json(await listApiTokens(tokens, user.id));
  });

  router.post(
    operations['tokens.create'].path,
    requireUser,
    requireProSession,
    async (req, res) => {
      const user = res.locals.user;
      if (!user) return;
      const { name } = parseInput(createTokenInput, req.body);
      const created = await createApiToken(tokens, user.id, name);
      if (!created) {
        throw new HttpError(
          409,
          'Too many tokens',
          `You can have at most ${MAX_LIVE_TOKENS} API tokens; revoke one first`,
          {},
          'token.too-many',
        );
      }
      const { id, createdAt, token } = created;
      res.status(201).set('Cache-Control', 'no-store').json({ id, name, token, createdAt });
    },
  );

  router.delete(
    operations['tokens.delete'].path,
    requireUser,
    requireProSession,
    async (req, res) => {
      const user = res.locals.user;
      if (!user) return;
      const { id } = parseInput(tokenRefInput, req.params);
      if (!(await revokeApiToken(tokens, user.id, id))) {
        throw new HttpError(404, 'Not found', 'No such API token', {}, 'token.not-found');
      }
      res.json({ message: 'The API token has been revoked.' });
    },
  );

  return router;
}
