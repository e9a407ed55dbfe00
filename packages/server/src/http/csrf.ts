import { AppError } from '@mapsmith/app';
import { BODY_TYPE_REFUSAL } from '@mapsmith/core';
import type { RequestHandler } from 'express';

/**
 * The one refusal whose status is not its code's: a state-changing body that is not JSON
 * answers 415 `input.invalid` (`BODY_TYPE_REFUSAL`, the contract's transport-level exception).
 */
class BodyTypeRefusal extends AppError {
  override readonly status = BODY_TYPE_REFUSAL.status;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for state-changing API calls, in two layers:
 * - Fetch Metadata: a browser marks cross-site requests `Sec-Fetch-Site: cross-site`; refused.
 * - A JSON content type is required: an HTML form can only send form encodings or text/plain,
 *   and a cross-site `fetch` with `application/json` needs a CORS preflight we never grant.
 */
export const csrfGuard: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') {
    throw new AppError(
      'auth.csrf',
      'Cross-site request refused',
      'This call must come from the Mapsmith app itself',
    );
  }
  if (!req.is('application/json')) {
    throw new BodyTypeRefusal(
      BODY_TYPE_REFUSAL.code,
      'Unsupported content type',
      'Send the request body as application/json',
    );
  }
  next();
};
