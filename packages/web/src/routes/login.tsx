import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/login` (spec §2, §4, §5). */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
}).lazy(() => import('./login.lazy').then((m) => m.loginLazyRoute));
