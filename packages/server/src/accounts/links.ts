import type { Request } from 'express';
import type { ServerConfig } from '../config.js';

/**
 * The origin links in mail point to. Never taken from the request's Host header: a forged
 * Host on "forgot password" would otherwise mail the victim a reset link to the attacker's
 * site. Without `MAPSMITH_PUBLIC_URL` it is the address this server listens on.
 */
export function appOrigin(config: ServerConfig, req: Request): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const host =
    config.host === '0.0.0.0' || config.host === '::' || config.host === ''
      ? '127.0.0.1'
      : config.host;
  const shown = host.includes(':') ? `[${host}]` : host;
  return `http://${shown}:${req.socket.localPort ?? config.port}`;
}
