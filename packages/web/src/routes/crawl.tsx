import { createRoute } from '@tanstack/react-router';
import { reportSearch } from '../report/report-search';
import { rootRoute } from './__root';

/** `/crawls/{jobId}`: one crawl's own page, live while it runs and its report once done. */
export const crawlRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/crawls/$jobId',
  validateSearch: reportSearch,
}).lazy(() => import('./crawl.lazy').then((m) => m.crawlLazyRoute));
