import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/schedules` (issue 13): a Pro user's scheduled crawls; signed-in users only. */
export const schedulesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/schedules',
}).lazy(() => import('./schedules.lazy').then((m) => m.schedulesLazyRoute));
