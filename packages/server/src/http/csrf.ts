import type { RequestHandler } from 'express';
import { HttpError } from './errors.js';

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
    throw new HttpError(
      403,
      'Cross-site request refused',
      'This call must come from the Mapsmith app itself',
      {},
      'auth.csrf',
    );
  }
  if (!req.is('application/json')) {
    throw new HttpError(
      415,
      'Unsupported content type',
      'Send the request body as application/json',
      {},
      'input.invalid',
    );
  }
  next();
};
