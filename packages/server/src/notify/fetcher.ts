import { createHttpFetcher, createUrlPolicy, type HttpFetcher } from '@mapsmith/core';
import type { ServerConfig } from '../config.js';

/**
 * The fetcher for the IndexNow key-file check: the core's SSRF-guarded fetcher, with loopback
 * allowed only under `MAPSMITH_ALLOW_LOOPBACK=1` (refused in production by the config).
 */
export function createNotifyFetcher(config: ServerConfig): HttpFetcher {
  return createHttpFetcher({
    policy: createUrlPolicy({ allowLoopback: config.allowLoopback }),
    connectTimeoutMs: 5_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    connectionsPerOrigin: 2,
  });
}
