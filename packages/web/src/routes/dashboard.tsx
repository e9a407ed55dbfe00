import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/dashboard` (spec §2, §4): signed-in users only. */
export const dashboardRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/dashboard',
}).lazy(() => import('./dashboard.lazy').then((m) => m.dashboardLazyRoute));
