import {
  type ApiTokenRepository,
  AppError,
  proRequired,
  rateHeaders,
  retryAfter,
} from '@mapsmith/app';
import { plural, type RateInfo } from '@mapsmith/core';
import type { RequestHandler } from 'express';
import { checkBearerToken } from './api-tokens.js';

declare global {
  namespace Express {
    interface Locals {
      /** Id of the API token the request was authenticated with; undefined for sessions. */
      apiTokenId?: number;
      /** The token's hourly window after this request, for routes with a limit of their own. */
      apiTokenRate?: RateInfo;
    }
  }
}

/** The refusal of API tokens to a user without an active Pro plan. */
export function tokensNeedPro(): AppError {
  return proRequired('API tokens');
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9_\-.~+/]+=*)[ ]*$/i;

/**
 * Authenticates `Authorization: Bearer <token>` requests as the token's user, in place of any
 * session: each one counts against the token's hourly window, and every answer to a known token
 * carries the `X-RateLimit-*` headers. Runs after `loadSession` and before body parsing. The
 * token is never logged: errors name the problem, not the value.
 */
export function loadBearer(
  tokens: ApiTokenRepository,
  now: () => number = Date.now,
): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization;
    if (!header || !/^Bearer\b/i.test(header) || !req.path.startsWith('/api/')) return next();
    delete res.locals.user;
    delete res.locals.sessionIdHash;
    const token = BEARER.exec(header)?.[1];
    const at = now();
    const check = token
      ? await checkBearerToken(tokens, token, at)
      : ({ kind: 'invalid' } as const);
    if (check.kind === 'invalid') {
      throw new AppError(
        'auth.token-invalid',
        'Invalid token',
        'The API token is unknown or has been revoked',
        {
          headers: {
            'WWW-Authenticate': 'Bearer',
          },
        },
      );
    }
    const headers = rateHeaders(check.rate);
    res.set(headers);
    if (check.kind === 'not-pro') throw tokensNeedPro();
    if (check.kind === 'limited') {
      throw new AppError(
        'limit.api-token',
        'Rate limit exceeded',
        `This API token may make ${plural(check.rate.limit, 'request')} per hour; try again later`,
        { headers: { ...headers, ...retryAfter(check.rate, at) } },
      );
    }
    res.locals.user = check.user;
    res.locals.apiTokenId = check.tokenId;
    res.locals.apiTokenRate = check.rate;
    next();
  };
}
