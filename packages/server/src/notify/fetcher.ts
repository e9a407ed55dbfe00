import { createHttpFetcher, type HttpFetcher, type UrlPolicy } from '@mapsmith/core';

/**
 * The fetcher for the IndexNow key-file check: the core's SSRF-guarded fetcher behind the
 * server's one `policy` (loopback only under `MAPSMITH_ALLOW_LOOPBACK=1`, refused in production
 * by the config).
 */
export function createNotifyFetcher(policy: UrlPolicy): HttpFetcher {
  return createHttpFetcher({
    policy,
    connectTimeoutMs: 5_000,
    headersTimeoutMs: 10_000,
    bodyTimeoutMs: 10_000,
    connectionsPerOrigin: 2,
  });
}
