import { createRoute } from '@tanstack/react-router';
import { tokenSearch } from '../app/search';
import { rootRoute } from './__root';

/** `/reset-password?token=` (spec §2, §5, §8). */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: tokenSearch,
}).lazy(() => import('./reset-password.lazy').then((m) => m.resetPasswordLazyRoute));
