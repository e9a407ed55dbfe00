import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/signup` (spec §2, §4, §5); on desktop it opens the hosted site instead. */
export const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
}).lazy(() => import('./signup.lazy').then((m) => m.signupLazyRoute));
