import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/login` (spec §2, §4, §5); `?redirect=/path` is where signing in returns (`return-to.ts`). */
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
}).lazy(() => import('./login.lazy').then((m) => m.loginLazyRoute));
