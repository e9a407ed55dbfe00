import type { OpenApiDocument } from '@mapsmith/core/browser';
import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/**
 * `/api-docs`: the API's feature tiles and its endpoint reference. The document is the route's
 * loader data, so the reference is part of the page's first render: in the HTML prerendered at
 * build time (issue 26 point 7), and, in the browser, loaded before that HTML is hydrated. Null
 * when it could not be read (the page says so and links the document).
 */
export const apiDocsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-docs',
  loader: ({ context }): Promise<OpenApiDocument | null> =>
    context.api.call('openapi.get', {}).then(
      (doc) => doc as OpenApiDocument,
      () => null,
    ),
}).lazy(() => import('./api-docs.lazy').then((m) => m.apiDocsLazyRoute));
