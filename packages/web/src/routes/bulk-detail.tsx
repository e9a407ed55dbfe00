import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/bulk/{bulkId}` (issue 13): one bulk crawl, each site's state, and the zip of them all. */
export const bulkDetailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bulk/$bulkId',
}).lazy(() => import('./bulk-detail.lazy').then((m) => m.bulkDetailLazyRoute));
