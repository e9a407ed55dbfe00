import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/terms`: the terms of service. */
export const termsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/terms',
}).lazy(() => import('./terms.lazy').then((m) => m.termsLazyRoute));
