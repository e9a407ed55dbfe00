import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/forgot-password` (spec §2, §4, §8). */
export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot-password',
}).lazy(() => import('./forgot-password.lazy').then((m) => m.forgotPasswordLazyRoute));
