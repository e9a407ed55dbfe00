import type { ApiTokenRepository } from '@mapsmith/app';
import { AppError, notFound, sessionRequired } from '@mapsmith/app';
import {
  createApiToken,
  listApiTokens,
  MAX_LIVE_TOKENS,
  revokeApiToken,
} from '../../auth/api-tokens.js';
import { tokensNeedPro } from '../../auth/bearer.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/** Tokens are managed from a signed-in session of a Pro user; a token cannot mint tokens. */
const guard = {
  tokenRefused: () => sessionRequired('Manage API tokens from the Mapsmith dashboard'),
  notPro: tokensNeedPro,
};

/** `GET /api/tokens`, `POST /api/tokens` and `DELETE /api/tokens/:id` (Pro API tokens). */
export function tokensRoutes(tokens: ApiTokenRepository): RouteTable {
  return {
    'tokens.list': { ...guard, handle: (_input, { user }) => listApiTokens(tokens, user.id) },

    'tokens.create': {
      ...guard,
      handle: async ({ name }, { user }) => {
        const created = await createApiToken(tokens, user.id, name);
        if (!created) {
          throw new AppError(
            'token.too-many',
            'Too many tokens',
            `You can have at most ${MAX_LIVE_TOKENS} API tokens; revoke one first`,
          );
        }
        const { id, createdAt, token } = created;
        return HttpResult.json(
          { id, name, token, createdAt },
          { status: 201, headers: { 'Cache-Control': 'no-store' } },
        );
      },
    },

    'tokens.delete': {
      ...guard,
      handle: async ({ id }, { user }) => {
        if (!(await revokeApiToken(tokens, user.id, id))) {
          throw notFound('No such API token', 'token.not-found');
        }
        return { message: 'The API token has been revoked.' };
      },
    },
  };
}
