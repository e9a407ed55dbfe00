import { createRoute } from '@tanstack/react-router';
import { tokenSearch } from '../app/search';
import { rootRoute } from './__root';

/** `/confirm-email?token=` (spec §2, §4, §8). */
export const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: tokenSearch,
}).lazy(() => import('./confirm-email.lazy').then((m) => m.confirmEmailLazyRoute));
