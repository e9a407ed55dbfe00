/**
 * The API reference's words for the crawl history (issue 26): the same `OperationDoc` entries
 * as `operation-docs.ts`, kept apart so each file stays readable.
 */
import { CRAWL_RETENTION_DAYS } from '../plans.js';
import { HISTORY_PAGE_SIZE, HISTORY_SORTS, MAX_HISTORY_PAGE_SIZE } from './history-schemas.js';
import type { RoutedOperationName } from './http-routes.js';
import type { OperationDoc } from './operation-docs.js';

/** Docs of the crawl history's operations. */
export const HISTORY_OPERATION_DOCS: Readonly<Partial<Record<RoutedOperationName, OperationDoc>>> =
  {
    'crawls.list': {
      summary: 'Page through all your crawls: search by site, filter by status, sort',
      description: `Every crawl you started in the last ${CRAWL_RETENTION_DAYS} days (older crawls are deleted), ${HISTORY_PAGE_SIZE} a page by default. \`matching\` counts the crawls the search and filter keep, \`total\` all of yours; a page past the last is refused with \`history.page-past-end\`.`,
      tag: 'Crawls',
      errors: ['input.invalid', 'history.page-past-end'],
      example: { q: 'example.com', status: 'completed', sort: 'date', page: 1 },
      fields: {
        page: 'The page, from 1; 1 by default.',
        pageSize: `Crawls per page, 1 to ${MAX_HISTORY_PAGE_SIZE}; ${HISTORY_PAGE_SIZE} by default.`,
        q: 'Words the start URL contains (case-insensitive).',
        status: 'pending, crawling, completed or failed; absent: any.',
        sort: `${HISTORY_SORTS.join(', ')}: the start date (default), pages crawled, or SEO score (crawls not scored yet come last).`,
        dir: 'Sort direction, desc by default.',
      },
    },
    'crawl.delete': {
      summary: 'Delete a crawl with its stored pages and built exports',
      description:
        'A crawl still running is refused (`crawl.running`); so is the crawl a schedule publishes at its stable sitemap URL (`crawl.published`) until a newer run replaces it.',
      tag: 'Crawls',
      errors: ['input.invalid', 'crawl.not-found', 'crawl.running', 'crawl.published'],
      example: { jobId: 'mZ3c9qLw2xY1' },
      fields: { jobId: 'The crawl’s id, as crawl.start answered it.' },
    },
  };
