import type { SessionRepository } from '@mapsmith/app';
import { notFound } from '@mapsmith/app';
import type { Logger } from '@mapsmith/core';
import express, { type Express, type RequestHandler, type Router } from 'express';
import { loadSession } from './auth/session.js';
import type { ServerConfig } from './config.js';
import { csrfGuard } from './http/csrf.js';
import { errorHandler } from './http/errors.js';
import { securityHeaders } from './http/security-headers.js';
import { webAppRouter } from './http/web-app.js';

/** What the app is built from; every dependency is passed in, nothing global. */
export interface AppDeps {
  config: ServerConfig;
  /** The sign-in sessions every API request is read against. */
  sessions: SessionRepository;
  logger: Logger;
  /** Extra API routers (one per resource), mounted after the built-in ones. */
  routers?: Router[];
  /**
   * Middleware that runs on every API request after the session is read but before the CSRF
   * guard and the routes (which read the body once the caller is admitted), so headers it sets
   * (rate limits) are on every answer, including the 400/413/415 ones those steps give.
   */
  beforeBody?: RequestHandler[];
}

/**
 * Builds the Express app: session, early middleware, CSRF guard, the API routers (each reads its
 * body once the caller is admitted: mount-operations.ts), a JSON 404 for unknown API paths
 * (their bodies are never read), the web app for everything else, and JSON errors.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Unset (embedded): a reverse proxy on this machine is believed, no other.
  app.set('trust proxy', deps.config.trustProxy ?? 'loopback');
  app.use(securityHeaders({ paypalSdkUrl: deps.config.paypal.sdkUrl }));
  app.use('/api', loadSession(deps.sessions));
  for (const handler of deps.beforeBody ?? []) app.use(handler);
  app.use('/api', csrfGuard);
  for (const router of deps.routers ?? []) app.use(router);
  app.use('/api', (req) => {
    throw notFound(`No API route ${req.method} ${req.originalUrl}`);
  });
  app.use(webAppRouter(deps.config.webDir, deps.config.publicUrl));
  app.use(errorHandler(deps.logger));
  return app;
}
