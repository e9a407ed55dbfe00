import { buildOpenApiDocument, operations } from '@mapsmith/core';
import { Router } from 'express';
import type { ServerConfig } from '../../config.js';

/** How long clients and proxies may keep the document: it changes only with a release. */
const MAX_AGE_SECONDS = 3600;

/**
 * `GET /api/openapi.json`: the published API reference, generated from the contract (core
 * `buildOpenApiDocument`) once per process. Public and cacheable: Express adds an ETag, so a
 * client that revalidates gets 304.
 */
export function openApiRouter(config: ServerConfig): Router {
  const router = Router();
  let body: string | undefined;
  router.get(operations['openapi.get'].path, (_req, res) => {
    body ??= JSON.stringify(buildOpenApiDocument({ serverUrl: config.publicUrl }));
    res
      .set('Cache-Control', `public, max-age=${MAX_AGE_SECONDS}`)
      .type('application/json')
      .send(body);
  });
  return router;
}
