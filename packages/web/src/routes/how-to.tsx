import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/how-to/$slug`: one of the guides; any other slug is the 404 screen. */
export const howToRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/how-to/$slug',
}).lazy(() => import('./how-to.lazy').then((m) => m.howToLazyRoute));
