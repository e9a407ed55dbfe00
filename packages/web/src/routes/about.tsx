import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/about`: mission, figures, values, story and contact address. */
export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
}).lazy(() => import('./about.lazy').then((m) => m.aboutLazyRoute));
