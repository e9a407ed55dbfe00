import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/subscribe` (spec §2): the Pro upgrade; on desktop it opens the hosted site. */
export const subscribeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/subscribe',
}).lazy(() => import('./subscribe.lazy').then((m) => m.subscribeLazyRoute));
