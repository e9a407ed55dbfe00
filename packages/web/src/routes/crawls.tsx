import { createRoute } from '@tanstack/react-router';
import { historySearch } from '../history/history-search';
import { rootRoute } from './__root';

/** `/crawls` (issue 26): every crawl of the user, paged, searched, sorted; signed-in users only. */
export const crawlsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/crawls',
  validateSearch: historySearch,
}).lazy(() => import('./crawls.lazy').then((m) => m.crawlsLazyRoute));
