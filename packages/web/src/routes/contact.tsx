import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/contact`: addresses, response times and business hours (no form, spec §2). */
export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
}).lazy(() => import('./contact.lazy').then((m) => m.contactLazyRoute));
