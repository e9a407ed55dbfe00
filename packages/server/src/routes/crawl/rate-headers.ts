import { operations } from '@mapsmith/core';
import type { RequestHandler } from 'express';
import type { AppContext } from '../../context.js';
import { planOf } from '../../limits/plan.js';
import { bindingRate, rateHeaders } from '../../limits/rate-headers.js';
import { noRate } from './router.js';

/**
 * Puts the `X-RateLimit-*` headers on every answer of `POST /api/crawl` (decisions.md), also
 * the ones given before the router runs: a malformed JSON body (400) or a non-JSON content type
 * (415). The router sets them again from the start decision itself on the answers it gives.
 * With an API token they describe whichever window binds (`bindingRate`).
 */
export function crawlRateHeaders(ctx: AppContext): RequestHandler {
  const path = operations['crawl.start'].path;
  return async (req, res, next) => {
    if (req.method !== 'POST' || req.path !== path) return next();
    const user = res.locals.user;
    const rate = user ? await ctx.repos.jobs.startRate(user.id, planOf(user)) : noRate(res);
    res.set(rateHeaders(bindingRate(rate, res.locals.apiTokenRate)));
    next();
  };
}
