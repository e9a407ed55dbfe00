import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/support`: tabbed FAQ, resource cards and the support address. */
export const supportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/support',
}).lazy(() => import('./support.lazy').then((m) => m.supportLazyRoute));
