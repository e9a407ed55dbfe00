/**
 * The crawl contract suites' helpers now live in the application layer
 * (`@mapsmith/app/testing`); re-exported for the server's tests that still sit here.
 */
export {
  AWKWARD_TITLES,
  crawlThrough,
  finishedSummary,
  htmlPage,
  insertUser,
  startJob,
  textOf,
} from '@mapsmith/app/testing';
