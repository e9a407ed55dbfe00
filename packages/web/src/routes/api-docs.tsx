import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/api-docs`: the API's feature tiles and its endpoint reference. */
export const apiDocsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/api-docs',
}).lazy(() => import('./api-docs.lazy').then((m) => m.apiDocsLazyRoute));
