import type { AppConfig } from '@mapsmith/core';
import type { ServerConfig } from '../../config.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

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

/** `GET /api/config`: revalidated on each load, so a changed PayPal setup shows at once. */
export function configRoutes(config: ServerConfig): RouteTable {
  return {
    'config.get': () =>
      HttpResult.json(publicConfig(config), { headers: { 'Cache-Control': 'no-cache' } }),
  };
}
