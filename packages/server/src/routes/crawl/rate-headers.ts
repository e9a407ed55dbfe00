import { rateHeaders } from '@mapsmith/app';
import { operations, PLAN_LIMITS, type RateInfo } from '@mapsmith/core';
import type { RequestHandler, Response } from 'express';
import type { AppContext } from '../../context.js';
import { planOf } from '../../limits/plan.js';
import { bindingRate } from '../../limits/rate-headers.js';

declare global {
  namespace Express {
    interface Locals {
      /** The caller's crawl-start window on `POST /api/crawl` (`crawlRateHeaders`). */
      startWindow?: StartWindow;
    }
  }
}

/** Rate headers for a visitor who is not signed in: their plan allows no crawl starts. */
function noRate(res: Response): RateInfo {
  const plan = planOf(res.locals.user);
  return { limit: PLAN_LIMITS[plan].crawlsPerHour, remaining: 0, resetMs: Date.now() };
}

/**
 * The caller's crawl-start window for one request, read at most once: by the admission, which
 * counts it in its transaction (`known`), or, when the request is refused before it, here.
 */
export class StartWindow {
  #rate: Promise<RateInfo> | undefined;

  constructor(
    private readonly read: () => Promise<RateInfo>,
    /** The API token's own window, when the call came with one (`bindingRate`). */
    private readonly token: RateInfo | undefined,
  ) {}

  /** The window as the admission counted it: no read of its own. */
  known(rate: RateInfo): void {
    this.#rate = Promise.resolve(rate);
  }

  /** The `X-RateLimit-*` headers of whichever window binds. */
  async headers(): Promise<Record<string, string>> {
    this.#rate ??= this.read();
    return rateHeaders(bindingRate(await this.#rate, this.token));
  }
}

/**
 * Puts the `X-RateLimit-*` headers on every answer of `POST /api/crawl` (decisions.md), also
 * the ones given before the router runs: a malformed JSON body (400) or a non-JSON content type
 * (415). The window is read only for a refusal given before the admission counted it
 * (`errorHeaders`); the route words the admission's answers with the admission's own figures.
 * With an API token they describe whichever window binds (`bindingRate`).
 */
export function crawlRateHeaders(ctx: AppContext): RequestHandler {
  const path = operations['crawl.start'].path;
  return (req, res, next) => {
    if (req.method !== 'POST' || req.path !== path) return next();
    const user = res.locals.user;
    const window = new StartWindow(
      async () => (user ? ctx.repos.jobs.startRate(user.id, planOf(user)) : noRate(res)),
      res.locals.apiTokenRate,
    );
    res.locals.startWindow = window;
    res.locals.errorHeaders = () => window.headers();
    next();
  };
}
