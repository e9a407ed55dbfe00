import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './__root';

/** `/privacy`: the privacy policy. */
export const privacyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy',
}).lazy(() => import('./privacy.lazy').then((m) => m.privacyLazyRoute));
