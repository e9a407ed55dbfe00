import { buildOpenApiDocument } from '@mapsmith/core';
import type { ServerConfig } from '../../config.js';
import { HttpResult } from '../../http/http-result.js';
import type { RouteTable } from '../../http/operation-route.js';

/** How long clients and proxies may keep the document: it changes only with a release. */
const MAX_AGE_SECONDS = 3600;

/**
 * `GET /api/openapi.json`: the published API reference, generated from the contract (core
 * `buildOpenApiDocument`) once per process. Public and cacheable: Express adds an ETag, so a
 * client that revalidates gets 304.
 */
export function openApiRoutes(config: ServerConfig): RouteTable {
  let body: string | undefined;
  return {
    'openapi.get': () => {
      body ??= JSON.stringify(buildOpenApiDocument({ serverUrl: config.publicUrl }));
      const text = body;
      return HttpResult.write({ 'Cache-Control': `public, max-age=${MAX_AGE_SECONDS}` }, (res) => {
        res.type('application/json').send(text);
      });
    },
  };
}
