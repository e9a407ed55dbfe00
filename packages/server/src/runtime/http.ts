import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createApp } from '../app.js';
import type { AppContext } from '../context.js';
import { apiBeforeBody, apiRouters } from '../routes/index.js';

/** A listening HTTP server. */
export interface Listening {
  /** `http://host:port` as it listens (port 0 resolved). */
  url: string;
  /** Stops accepting connections and drops the idle ones. */
  close(): Promise<void>;
}

/** Listens with `app` on `port` and `host`; resolves once listening, rejects on EADDRINUSE. */
export async function listen(app: Express, port: number, host: string): Promise<Listening> {
  const server: Server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `http://${shown}:${address.port}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
    },
  };
}

/** The API and the web app (roles `api` and `all`) on the configured port. */
export function listenApi(context: AppContext): Promise<Listening> {
  const { config, logger } = context;
  const app = createApp({
    config,
    sessions: context.repos.accounts.sessions,
    logger,
    routers: apiRouters(context),
    beforeBody: apiBeforeBody(context),
  });
  return listen(app, config.port, config.host);
}
