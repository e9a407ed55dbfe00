import { type AppConfig, operations } from '@mapsmith/core';
import { Router } from 'express';
import type { ServerConfig } from '../../config.js';

/** Where people write for support (and for Pro access while payment is not configured). */
export const SUPPORT_EMAIL = 'support@mapsmith.app';

/** The public configuration the web app reads at start; never the PayPal secret. */
export function publicConfig(config: ServerConfig): AppConfig {
  const { clientId, environment } = config.paypal;
  const script = new URL(config.paypal.sdkUrl);
  if (clientId) script.searchParams.set('client-id', clientId);
  script.searchParams.set('currency', 'USD');
  script.searchParams.set('intent', 'capture');
  script.searchParams.set('vault', 'false');
  return {
    // A client id without a secret cannot capture, so the page must say "not configured".
    paypal: {
      clientId: clientId && config.paypal.clientSecret ? clientId : null,
      environment,
      scriptUrl: script.toString(),
    },
    shell: 'hosted',
    supportEmail: SUPPORT_EMAIL,
  };
}

/** `GET /api/config`. */
export function configRouter(config: ServerConfig): Router {
  const router = Router();
  router.get(operations['config.get'].path, (_req, res) => {
    res.set('Cache-Control', 'no-cache').json(publicConfig(config));
  });
  return router;
}
