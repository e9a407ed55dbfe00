import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/bulk` (issue 13): a list of sites to crawl at once, and the user's bulk crawls. Pro. */
export const bulkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bulk',
}).lazy(() => import('./bulk.lazy').then((m) => m.bulkLazyRoute));
